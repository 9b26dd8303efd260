/// How many records the records screen shows, as far as the source knows, and whether a count
/// found more than the one before.
struct RecordCounts: Equatable, Sendable {
  /// How many records the source holds with no filter, as far as it knows.
  let unfiltered: RecordCount
  /// How many records are shown, through the filter, as far as the source knows.
  var shown: RecordCount {
    didSet {
      // A count that came out larger than the last one marks the total as growing.
      if let new = shown.exactValue, let old = oldValue.exactValue, new > old { grew = true }
    }
  }
  /// Whether the records were counted again and found more than before.
  var grew = false

  /// The counts of records of which the source holds `count` with no filter.
  init(_ count: RecordCount) {
    unfiltered = count
    shown = count
  }

  /// Shows `count` records from now on, not grown: the filter changed.
  mutating func reset(to count: RecordCount) {
    shown = count
    grew = false
  }
}
