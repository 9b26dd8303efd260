public import FoundationEssentials

/// A whole table: its sections and what sits above them.
///
/// A table can have a ``TableHeaderView`` or a ``StretchyHeader``, not both: setting one
/// removes the other, as in ViewElements.
///
/// ```swift
/// var table = Table(sections: [fruit, vegetables])
/// table.tableHeaderView = TableHeaderView(ElementOfLabel(props: "Groceries"))
/// let first = table[IndexPath(row: 0, section: 0)]
/// ```
public struct Table: Equatable, Sendable {
  /// What sits above the sections.
  enum Top: Equatable, Sendable {
    case view(TableHeaderView)
    case stretchy(StretchyHeader)
  }

  /// The sections, top to bottom.
  public var sections: [Section]
  /// What sits above the sections, if anything.
  var top: Top?
  /// Whether content shorter than the screen is centred vertically, and scrolling disabled.
  public var centersContentIfPossible: Bool
  /// Whether the last row's separator, and the separators UITableView would draw in the empty
  /// space below the rows, are hidden.
  public var hidesTrailingSeparators: Bool
  /// Whether a section's header stays at the top while its rows scroll, as in UITableView's
  /// plain style.
  public var pinsSectionHeaders: Bool
  /// Lines assumed for a row not yet measured, or `nil` to use the first row's height.
  public var estimatedRowHeight: Int?
  /// Loads more rows at the end of the last section (one is added if there is none).
  public var tailLoader: TailLoader?
  /// The look of rows that cannot be chosen (see ``Row/isEnabled``), laid beneath their own
  /// style and their elements' styles: dim, by default; `.plain` draws them like the rest.
  ///
  /// ```swift
  /// let note = Row(ElementOfLabel(props: "Read-only"), isUserInteractionEnabled: false)
  /// var form = Table(rows: [note])
  /// form.disabledStyle = Style(foreground: .brightBlack, monochrome: .dim)
  /// ```
  public var disabledStyle = Style(attributes: .dim)

  /// Makes a table.
  public init(
    sections: [Section] = [],
    centersContentIfPossible: Bool = false,
    hidesTrailingSeparators: Bool = true,
    pinsSectionHeaders: Bool = true,
    estimatedRowHeight: Int? = nil
  ) {
    self.sections = sections
    self.centersContentIfPossible = centersContentIfPossible
    self.hidesTrailingSeparators = hidesTrailingSeparators
    self.pinsSectionHeaders = pinsSectionHeaders
    self.estimatedRowHeight = estimatedRowHeight
  }

  /// Makes a table of one section holding `rows`.
  ///
  /// ```swift
  /// let table = Table(rows: (0..<10).map { Row(ElementOfLabel(props: "Label no. \($0)")) })
  /// ```
  public init(rows: [Row]) {
    self.init(sections: [Section(rows: rows)])
  }

  /// A header above the sections that scrolls away with them; setting it removes the
  /// stretchy header.
  public var tableHeaderView: TableHeaderView? {
    get {
      if case .view(let view) = top { return view }
      return nil
    }
    set {
      if let newValue {
        top = .view(newValue)
      } else if case .view = top {
        top = nil
      }
    }
  }

  /// A header above the sections that shrinks as they scroll; setting it removes the table
  /// header view.
  public var stretchyHeader: StretchyHeader? {
    get {
      if case .stretchy(let header) = top { return header }
      return nil
    }
    set {
      if let newValue {
        top = .stretchy(newValue)
      } else if case .stretchy = top {
        top = nil
      }
    }
  }

  /// The row at an index path.
  public subscript(indexPath: IndexPath) -> Row {
    get { sections[indexPath.section].rows[indexPath.row] }
    set { sections[indexPath.section].rows[indexPath.row] = newValue }
  }

  /// The number of rows in all sections.
  public var rowCount: Int {
    sections.reduce(0) { $0 + $1.rows.count }
  }
}
