/// A table row: an element and how the row around it looks and behaves.
///
/// Set the properties you need; the rest have the defaults of a plain terminal list.
///
/// A row with no tag and no action, whatever its identity, and with the usual layout (margins
/// up to 15, a fixed height up to 254 or an automatic one, a separator other than `.custom`, a
/// selection style other than `.style`, attributes among the four named ones) takes 64 bytes
/// and allocates nothing beyond what its element and identity hold. Other rows keep their
/// settings in a box of their own.
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
  /// Everything else, in three words with no allocation when it is the usual kind: see
  /// ``RowExtras``.
  var extras: RowExtras

  /// A stable identity, or `nil` to identify the row by its position.
  public var id: RowID? {
    get { extras.id }
    set { extras.update { $0.id = newValue } }
  }
  /// A name to find the row by, such as `"loading"`.
  public var tag: String? {
    get { extras.tag }
    set { extras.update { $0.tag = newValue } }
  }
  /// Fixed lines, or measured from the element at the current width.
  public var rowHeight: RowHeight {
    get { extras.rowHeight }
    set { extras.update { $0.layout.rowHeight = newValue } }
  }
  /// Blank cells between the row's edges and its element.
  public var layoutMargins: LayoutMargins {
    get { extras.layoutMargins }
    set { extras.update { $0.layout.layoutMargins = newValue } }
  }
  /// The line under the row.
  public var separatorStyle: SeparatorStyle {
    get { extras.separatorStyle }
    set { extras.update { $0.layout.separatorStyle = newValue } }
  }
  /// The colours and attributes of the whole row, which the element's style lays over.
  public var style: Style {
    get { extras.style }
    set { extras.update { $0.layout.style = newValue } }
  }
  /// How the row looks while selected.
  public var selectionStyle: SelectionStyle {
    get { extras.selectionStyle }
    set { extras.update { $0.layout.selectionStyle = newValue } }
  }
  /// Whether the row can be selected; rows that cannot are skipped.
  public var isUserInteractionEnabled: Bool {
    get { extras.isUserInteractionEnabled }
    set { extras.update { $0.layout.isUserInteractionEnabled = newValue } }
  }
  /// The mark at the row's right edge, such as `›` for a row that leads somewhere.
  public var accessory: RowAccessory {
    get { extras.accessory }
    set { extras.update { $0.layout.accessory = newValue } }
  }

  /// The margins the element is laid out in: the row's, with room for its accessory.
  var contentMargins: LayoutMargins {
    let columns = accessory.columns
    guard columns > 0 else { return layoutMargins }
    var margins = layoutMargins
    margins.right += columns
    return margins
  }

  /// Whether the row can be selected and chosen: it allows interaction and its element can
  /// act (a disabled button cannot). A row that cannot is skipped by ↑ and ↓, never acts, and
  /// is drawn with the table's ``Table/disabledStyle``.
  public var isEnabled: Bool { isUserInteractionEnabled && element.isEnabled }

  /// What to do when the row is chosen, with Enter or a click, when it needs no context:
  /// shorthand for an ``onSelect`` that runs `didSelect`, which setting it replaces.
  public var didSelect: Action? {
    get { onSelect?.action }
    set { onSelect = newValue.map(SelectAction.init) }
  }
  /// What to do when the row is chosen, with Enter or a click, told where: the screen, its
  /// navigator, the index path. The one way a row reacts to being chosen; ``didSelect`` and
  /// the screen's ``TableModelController/onSelect`` are shorthands for it.
  public var onSelect: SelectAction? {
    get { extras.onSelect }
    set { extras.update { $0.onSelect = newValue } }
  }

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
    accessory: RowAccessory = .none,
    didSelect: Action? = nil,
    onSelect: SelectAction? = nil
  ) {
    self.element = Element(element)
    extras = RowExtras(
      RowSettings(
        id: id, tag: tag, onSelect: SelectAction.either(didSelect, then: onSelect),
        layout: RowLayout(
          rowHeight: rowHeight, layoutMargins: layoutMargins, separatorStyle: separatorStyle,
          style: style, selectionStyle: selectionStyle,
          isUserInteractionEnabled: isUserInteractionEnabled, accessory: accessory)))
  }

  /// Rows are equal when their elements and all their settings are; actions count as equal
  /// as ``Action`` and ``SelectAction`` say.
  public static func == (lhs: Row, rhs: Row) -> Bool {
    lhs.extras == rhs.extras && lhs.element == rhs.element
  }

  /// The row's background colour, a shortcut for `style.background`.
  public var backgroundColor: Color? {
    get { style.background }
    set { style.background = newValue }
  }

  /// Lines the row takes at `width` columns, its separator included.
  package func height(atWidth width: Int) -> Int {
    ContentBox.height(
      of: element, rowHeight: rowHeight, margins: contentMargins, width: width)
      + separatorStyle.height
  }
}
