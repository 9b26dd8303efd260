import TermElementsRecords
import TermElementsRecordsSQL

/// The statements of a search: records that may hold the text, for the browser to check.
extension PostgresViewQuery {
  /// At most `limit` records of `segment` through `bound` that may contain `text` in
  /// `columns` (as ``searchedColumns(among:)`` gives them), with the whole text of each of
  /// those columns after the page's values: the server keeps the records that contain the
  /// text's longest run of ASCII characters in one of them, whatever their case (those with a
  /// character outside ASCII, when it has none), and the caller checks them by
  /// ``TermElementsRecords/SearchText``'s rule.
  ///
  /// `nil` when no column is searched.
  public func search(
    _ text: SearchText, columns: [Int], in segment: SQLKeysetSegment<CellValue>,
    through bound: RecordPosition?, limit: Int
  ) -> PostgresStatement? {
    let searched = columns.map { table.columns[$0].text(of: qualifiedColumn($0)) }
    guard !searched.isEmpty else { return nil }
    var condition = SQLFragment<CellValue>("(")
    let run = Self.longestASCIIRun(text.text)
    for (index, column) in searched.enumerated() {
      if index > 0 { condition.append(" OR ") }
      if run.isEmpty {
        condition.append(column + " ~ '[^[:ascii:]]'")
      } else {
        condition.append(column + " ILIKE ")
        condition.append(
          parameter: .value(.text("%" + Self.likeEscaped(run) + "%")), type: "text")
      }
    }
    condition.append(")")
    return PostgresStatement(
      planner.page(
        segment, columns: selectList + ", " + searched.joined(separator: ", "), limit: limit,
        through: bound.map(Self.keyset), matching: condition))
  }

  /// The columns a search in `columns` (every column, when `nil`) looks at, in the table's
  /// order: not floating-point numbers, truth values or bytes.
  public func searchedColumns(among columns: Set<Int>?) -> [Int] {
    table.columns.indices.filter {
      table.columns[$0].kind.isSearched && columns?.contains($0) ?? true
    }
  }

  /// Whether a row of ``search(_:columns:in:through:limit:)`` holds `text`, by the whole texts
  /// of the searched `columns`.
  func matches(_ text: SearchText, columns: [Int], row: PostgresRow) -> Bool {
    for (offset, column) in columns.enumerated() {
      guard let whole = row.bytes(pageRowWidth + offset) else { continue }
      if text.matches(table.columns[column].kind.value(fromUTF8: whole)) { return true }
    }
    return false
  }

  /// The longest run of ASCII characters in `text`, the first of the longest.
  static func longestASCIIRun(_ text: String) -> String {
    var best = ""
    var current = ""
    for scalar in text.unicodeScalars {
      if scalar.isASCII {
        current.unicodeScalars.append(scalar)
        if current.unicodeScalars.count > best.unicodeScalars.count { best = current }
      } else {
        current = ""
      }
    }
    return best
  }

  /// `text` with `LIKE`'s wildcards and escape character escaped.
  static func likeEscaped(_ text: String) -> String {
    var escaped = ""
    for character in text {
      if character == "%" || character == "_" || character == "\\" { escaped.append("\\") }
      escaped.append(character)
    }
    return escaped
  }
}
