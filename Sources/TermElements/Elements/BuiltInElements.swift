// The ViewElements-style creator functions for the built-in elements.
// swift-format-ignore-file: AlwaysUseLowerCamelCase

/// A label element, as ViewElements' `ElementOfLabel(props:)`.
///
/// ```swift
/// let rows = (0..<10).map { Row(ElementOfLabel(props: "Label no. \($0)")) }
/// ```
public func ElementOfLabel(props: String) -> ElementOf<Label> {
  ElementOf<Label>(props: props)
}

/// A text field element showing `text`, or `placeholder` while empty.
///
/// ```swift
/// let search = ElementOfTextField(props: (text: nil, placeholder: "Search"))
/// ```
public func ElementOfTextField(props: (text: String?, placeholder: String?)) -> ElementOf<TextField>
{
  ElementOf<TextField>(props: TextFieldProps(text: props.text, placeholder: props.placeholder))
}

/// A text field element from its props.
public func ElementOfTextField(props: TextFieldProps) -> ElementOf<TextField> {
  ElementOf<TextField>(props: props)
}

/// A button element with a title and the code to run when it is pressed.
///
/// ```swift
/// let saveButton = ElementOfButtonWithAction(props: (buttonTitle: "Save", handler: { save() }))
/// ```
public func ElementOfButtonWithAction(
  props: (buttonTitle: String, handler: @MainActor @Sendable () -> Void)
) -> ElementOf<Button> {
  ElementOf<Button>(props: ButtonProps(title: props.buttonTitle, action: props.handler))
}

/// A button element from its props.
public func ElementOfButtonWithAction(props: ButtonProps) -> ElementOf<Button> {
  ElementOf<Button>(props: props)
}

/// A spinner element; `props` says whether it is animating.
///
/// ```swift
/// let loading = Row(ElementOfActivityIndicator(props: true), tag: "loading")
/// ```
public func ElementOfActivityIndicator(props: Bool = true) -> ElementOf<ActivityIndicator> {
  ElementOf<ActivityIndicator>(props: props)
}

/// Empty space that takes whatever room a stack has left.
public func FlexibleSpace() -> ElementOf<EmptyView> {
  ElementOf<EmptyView>(props: 0)
}

/// Elements side by side, as ViewElements' `HorizontalStack`.
///
/// ```swift
/// let children = [ElementOf<Badge>(props: 3).element, ElementOfLabel(props: "Inbox").element]
/// let line = HorizontalStack(spacing: 1, children)
/// ```
public func HorizontalStack(
  distribute: StackDistribution = .fill,
  align: StackAlignment = .fill,
  spacing: Int = 0,
  _ children: [Element]
) -> ElementOf<Stack> {
  ElementOf<Stack>(
    props: StackProps(
      axis: .horizontal, distribution: distribute, alignment: align, spacing: spacing,
      children: children))
}

/// Elements side by side, written as a list of arguments.
///
/// ```swift
/// let line = HorizontalStack(
///   spacing: 1, ElementOf<Badge>(props: 3), ElementOfLabel(props: "Inbox"))
/// ```
public func HorizontalStack<each Child: ElementRepresentable>(
  distribute: StackDistribution = .fill,
  align: StackAlignment = .fill,
  spacing: Int = 0,
  _ children: repeat each Child
) -> ElementOf<Stack> {
  var elements: [Element] = []
  for child in repeat each children { elements.append(Element(child)) }
  return HorizontalStack(distribute: distribute, align: align, spacing: spacing, elements)
}

/// Elements one above another, as ViewElements' `VerticalStack`.
public func VerticalStack(
  distribute: StackDistribution = .fill,
  align: StackAlignment = .fill,
  spacing: Int = 0,
  _ children: [Element]
) -> ElementOf<Stack> {
  ElementOf<Stack>(
    props: StackProps(
      axis: .vertical, distribution: distribute, alignment: align, spacing: spacing,
      children: children))
}

/// Elements one above another, written as a list of arguments.
public func VerticalStack<each Child: ElementRepresentable>(
  distribute: StackDistribution = .fill,
  align: StackAlignment = .fill,
  spacing: Int = 0,
  _ children: repeat each Child
) -> ElementOf<Stack> {
  var elements: [Element] = []
  for child in repeat each children { elements.append(Element(child)) }
  return VerticalStack(distribute: distribute, align: align, spacing: spacing, elements)
}
