/// What kind of container an ``ElementContainer`` is, and the look that kind starts with.
public protocol ContainerRole: Sendable {
  /// The style a new container of this kind has.
  static var defaultStyle: Style { get }
}

/// The role of a ``SectionHeader``: bold by default.
public enum SectionHeaderRole: ContainerRole {
  /// Bold text.
  public static var defaultStyle: Style { Style(attributes: .bold) }
}

/// The role of a ``SectionFooter``: dim by default.
public enum SectionFooterRole: ContainerRole {
  /// Dim text.
  public static var defaultStyle: Style { Style(attributes: .dim) }
}

/// The role of a ``TableHeaderView``: the terminal's own look by default.
public enum TableHeaderRole: ContainerRole {
  /// No colours, no attributes.
  public static var defaultStyle: Style { .plain }
}

/// An element placed in a table outside the rows: a section header or footer, or a table header.
///
/// ```swift
/// let header = SectionHeader(ElementOfLabel(props: "Fruit"))
/// let footer = SectionFooter(ElementOfLabel(props: "3 items"))
/// let top = TableHeaderView(ElementOfLabel(props: "My list"))
/// ```
public struct ElementContainer<Role: ContainerRole>: Equatable, Sendable {
  /// What the container shows.
  public var element: Element
  /// Fixed lines, or measured from the element at the current width.
  public var rowHeight: RowHeight
  /// Blank cells between the container's edges and its element.
  public var layoutMargins: LayoutMargins
  /// The colours and attributes of the whole container.
  public var style: Style

  /// Wraps an element.
  public init(
    _ element: some ElementRepresentable,
    rowHeight: RowHeight = .automatic,
    layoutMargins: LayoutMargins = .default,
    style: Style = Role.defaultStyle
  ) {
    self.element = Element(element)
    self.rowHeight = rowHeight
    self.layoutMargins = layoutMargins
    self.style = style
  }

  /// Lines the container takes at `width` columns.
  package func height(atWidth width: Int) -> Int {
    ContentBox.height(of: element, rowHeight: rowHeight, margins: layoutMargins, width: width)
  }
}

/// The header above a section's rows, pinned to the top while they scroll.
public typealias SectionHeader = ElementContainer<SectionHeaderRole>

/// The footer below a section's rows.
public typealias SectionFooter = ElementContainer<SectionFooterRole>

/// A header above the whole table that scrolls away with the content.
public typealias TableHeaderView = ElementContainer<TableHeaderRole>
