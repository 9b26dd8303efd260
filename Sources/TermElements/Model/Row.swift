/// A table row: an element and how the row around it looks and behaves.
///
/// Set the properties you need; the rest have the defaults of a plain terminal list.
///
/// ```swift
/// var row = Row(ElementOfLabel(props: "Yay!"))
/// row.backgroundColor = .blue
/// row.separatorStyle = .none
/// row.rowHeight = 3
/// row.layoutMargins = .all(1)
/// row.didSelect = Action { print("selected") }
/// ```
public struct Row: Equatable, Sendable {
  /// What the row shows.
  public var element: Element
  /// A stable identity, or `nil` to identify the row by its position.
  public var id: RowID?
  /// A name to find the row by, such as `"loading"`.
  public var tag: String?
  /// Fixed lines, or measured from the element at the current width.
  public var rowHeight: RowHeight
  /// Blank cells between the row's edges and its element.
  public var layoutMargins: LayoutMargins
  /// The line under the row.
  public var separatorStyle: SeparatorStyle
  /// The colours and attributes of the whole row, which the element's style lays over.
  public var style: Style
  /// How the row looks while selected.
  public var selectionStyle: SelectionStyle
  /// Whether the row can be selected; rows that cannot are skipped.
  public var isUserInteractionEnabled: Bool
  /// What to do when the row is chosen, with Enter or a click.
  public var didSelect: Action?
  /// What to do when the row is chosen, told where: the screen, its navigator, the index path.
  public var onSelect: SelectAction?

  /// Makes a row around an element.
  public init(
    _ element: some ElementRepresentable,
    id: RowID? = nil,
    tag: String? = nil,
    rowHeight: RowHeight = .automatic,
    layoutMargins: LayoutMargins = .default,
    separatorStyle: SeparatorStyle = .default,
    style: Style = .plain,
    selectionStyle: SelectionStyle = .default,
    isUserInteractionEnabled: Bool = true,
    didSelect: Action? = nil,
    onSelect: SelectAction? = nil
  ) {
    self.element = Element(element)
    self.id = id
    self.tag = tag
    self.rowHeight = rowHeight
    self.layoutMargins = layoutMargins
    self.separatorStyle = separatorStyle
    self.style = style
    self.selectionStyle = selectionStyle
    self.isUserInteractionEnabled = isUserInteractionEnabled
    self.didSelect = didSelect
    self.onSelect = onSelect
  }

  /// The row's background colour, a shortcut for `style.background`.
  public var backgroundColor: Color? {
    get { style.background }
    set { style.background = newValue }
  }

  /// Lines the row takes at `width` columns, its separator included.
  public func height(atWidth width: Int) -> Int {
    ContentBox.height(
      of: element, rowHeight: rowHeight, margins: layoutMargins, width: width)
      + separatorStyle.height
  }
}
