import TermElements

/// The records the records screen holds, by the id of their rows, with the cells their lines
/// hold, and the count of the sections made for them.
struct HeldRecords: Equatable {
  /// The columns whose cells every line holds at least, as far as it is known: the last of
  /// the first columns the lines hold, and the first of the columns past their ends.
  struct Span: Equatable, Sendable {
    /// The last of the first columns the lines hold.
    var lower = 0
    /// The first of the columns past the ends of the lines.
    var upper = Int.max
  }

  /// The records, by the id of their rows.
  private var records: [RowID: RecordsScreen.HeldRecord] = [:]
  /// The columns whose cells every record line holds at least: when they reach the columns
  /// around the cursor, every line does.
  private(set) var cellsEveryLineHolds = Span()
  /// Counts the sections made, to name their loaders apart: a page for a section replaced by
  /// a jump is dropped.
  var generation = 0

  /// The record of the row `id`, if held.
  subscript(id: RowID) -> RecordsScreen.HeldRecord? {
    get { records[id] }
    set { records[id] = newValue }
  }

  /// The records held.
  var values: Dictionary<RowID, RecordsScreen.HeldRecord>.Values { records.values }
  /// How many records are held.
  var count: Int { records.count }
  /// Whether no record is held.
  var isEmpty: Bool { records.isEmpty }

  /// Forgets every record but those of the rows `kept`, in place: a filtered copy would hold
  /// both dictionaries at once, the peak of the screen's memory as the user pages on.
  mutating func keep(only kept: Set<RowID>) {
    for id in records.keys.filter({ !kept.contains($0) }) { records.removeValue(forKey: id) }
  }

  /// Forgets every record, and what their lines held.
  mutating func removeAll() {
    records = [:]
    forgetLines()
  }

  /// Forgets what the cells of the record lines reach, to note it again line by line.
  mutating func forgetLines() {
    cellsEveryLineHolds = Span()
  }

  /// Notes that record lines now hold the cells of the columns `cells`.
  mutating func noteLinesHold(_ cells: Range<Int>) {
    cellsEveryLineHolds.lower = max(cellsEveryLineHolds.lower, cells.lowerBound)
    cellsEveryLineHolds.upper = min(cellsEveryLineHolds.upper, cells.upperBound)
  }
}
