import TermElementsRecords

/// What the browsing cases run over: a source, the records it holds in the key's order, and
/// the size of the terminal and of the pages the screens are opened with.
///
/// The records are the reference the cases work out what the screens should show from: the
/// first records, the last, record N, the next match of a search, the order of a sort. They
/// must be those the source gives in the key's order, each with its key and every value.
///
/// ```swift
/// let rows: [[CellValue]] = [[.integer(1), .text("Ada")], [.integer(2), .text("Grace")]]
/// let people = MemoryRecordSource(
///   name: "people", columns: ["id", "name"], records: rows, keyColumns: [0])
/// let fixture = BrowsingFixture(
///   source: people, records: rows.map { PageRecord(values: $0, key: RecordKey([$0[0]])) })
/// ```
public struct BrowsingFixture: Sendable {
  /// The source the screens read.
  public var source: any RecordSource
  /// The source's records in the key's order.
  public var records: [PageRecord]
  /// Records in a page of the records screen: small, so that the cases cross many pages.
  public var pageSize: Int
  /// Columns of the terminal.
  public var width: Int
  /// Lines of the terminal.
  public var height: Int
  /// The texts the search case looks for; when `nil`, the first three characters of a value
  /// of a record in the middle.
  public var searchTexts: [String]?

  /// A fixture of `source`, whose records in the key's order are `records`.
  public init(
    source: any RecordSource, records: [PageRecord], pageSize: Int = 7, width: Int = 80,
    height: Int = 12, searchTexts: [String]? = nil
  ) {
    self.source = source
    self.records = records
    self.pageSize = max(1, pageSize)
    self.width = width
    self.height = height
    self.searchTexts = searchTexts
  }

  /// The indexes in ``records`` of the records of `view`, in its order: by the column with
  /// `CellValue.precedes(_:)`, ties in the key's order, the whole reversed when descending.
  /// Filters are not worked out: a view with one is taken as unfiltered.
  public func order(in view: RecordView) -> [Int] {
    var indexes = Array(records.indices)
    if let column = view.order.column {
      indexes.sort { a, b in
        let (left, right) = (value(a, column), value(b, column))
        if left.precedes(right) { return true }
        if right.precedes(left) { return false }
        return a < b
      }
    }
    return view.order.descending ? indexes.reversed() : indexes
  }

  /// The value of record `index` in `column`, or NULL past its values.
  func value(_ index: Int, _ column: Int) -> CellValue {
    let values = records[index].values
    return column < values.count ? values[column] : .null
  }

  /// The texts the search case looks for.
  var searchNeedles: [String] {
    if let searchTexts { return searchTexts }
    guard !records.isEmpty else { return [] }
    // From the middle on, the first value a search would find by its own text.
    for record in records[(records.count / 2)...] + records[..<(records.count / 2)] {
      for value in record.values where SearchText.isSearched(value) {
        let needle = String(value.cellText.prefix(3))
        guard needle.count == 3, needle.allSatisfy(Self.isTypeable),
          SearchText(needle).matches(value)
        else { continue }
        return [needle]
      }
    }
    return []
  }

  /// A text that a record holds in `column` and in none of its other columns, two or three
  /// characters of that value, and whether some record holds it in another column: with
  /// `column` hidden, a search for it passes a match over and, when it is, finds one. Such a
  /// text is preferred among the first few hundred tried; `nil` when no record has any.
  func needle(onlyIn column: Int) -> (text: String, isElsewhere: Bool)? {
    let others = Set(source.columns.indices).subtracting([column])
    var fallback: String?
    var tried = 0
    for record in records[(records.count / 2)...] + records[..<(records.count / 2)] {
      guard column < record.values.count, SearchText.isSearched(record.values[column]) else {
        continue
      }
      let value = record.values[column]
      let characters = Array(value.cellText.prefix(16))
      for length in [3, 2] where characters.count >= length {
        for start in 0...(characters.count - length) {
          let needle = String(characters[start..<(start + length)])
          let text = SearchText(needle)
          guard needle.allSatisfy(Self.isTypeable), needle.first != " ", needle.last != " ",
            text.matches(value), !text.matches(any: record.values, in: others)
          else { continue }
          if records.contains(where: { text.matches(any: $0.values, in: others) }) {
            return (needle, true)
          }
          fallback = fallback ?? needle
          tried += 1
          if tried >= 300 { return fallback.map { ($0, false) } }
        }
      }
    }
    return fallback.map { ($0, false) }
  }

  /// Whether `character` can be typed on the line of a prompt: printable, not a line break.
  static func isTypeable(_ character: Character) -> Bool {
    character.unicodeScalars.allSatisfy { scalar in
      switch scalar.properties.generalCategory {
      case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate, .unassigned,
        .privateUse:
        false
      default: true
      }
    }
  }
}
