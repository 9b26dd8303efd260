/// A group of rows, with an optional header above and footer below.
///
/// ```swift
/// var section = Section(rows: (0..<10).map { Row(ElementOfLabel(props: "Label no. \($0)")) })
/// section.header = SectionHeader(ElementOfLabel(props: "Section header"))
/// section.footer = SectionFooter(ElementOfLabel(props: "Section footer"))
/// ```
public struct Section: Equatable, Sendable {
  /// A name for the section, for what binds to it, such as a ``RowStream``.
  public var id: String?
  /// Shown above the rows; it sticks to the top while its rows scroll under it.
  public var header: SectionHeader?
  /// Shown below the rows.
  public var footer: SectionFooter?
  /// The rows, stored or made on demand.
  public var rows: Rows
  /// Loads more rows at the end of the section as the user nears it.
  public var tailLoader: TailLoader?
  /// Loads earlier rows at the start of the section as the user nears it.
  public var headLoader: HeadLoader?
  /// The most rows the controller keeps loaded in this section, or `nil` for no limit.
  ///
  /// When a page makes the section hold more, rows far from the screen are dropped from the
  /// end that has a loader to fetch them again when the user comes back: the tail's for rows
  /// at the end, the head's for rows at the start. Rows within two screens of the selection are
  /// never dropped, so the limit can be exceeded by that much.
  public var loadedRowLimit: Int?
  /// Replaces the section's rows with each array it produces while the screen is shown.
  public var stream: RowStream?

  /// Makes a section of stored rows.
  public init(header: SectionHeader? = nil, footer: SectionFooter? = nil, rows: [Row]) {
    self.init(header: header, footer: footer, rows: Rows(rows))
  }

  /// Makes a section of any rows, such as a ``RowSource``'s.
  public init(header: SectionHeader? = nil, footer: SectionFooter? = nil, rows: Rows) {
    self.header = header
    self.footer = footer
    self.rows = rows
  }

  /// Makes a section of `count` rows, each made by `makeRow` only when it is needed.
  ///
  /// ```swift
  /// let log = Section(id: "log", count: 1_000_000) { Row(ElementOfLabel(props: "Entry \($0)")) }
  /// ```
  public init(
    id: String, count: Int, header: SectionHeader? = nil, footer: SectionFooter? = nil,
    makeRow: @escaping @Sendable (Int) -> Row
  ) {
    self.init(
      header: header, footer: footer,
      rows: Rows(RowSource(id: id, count: count, makeRow: makeRow)))
  }
}
