/// What ``SQLKeysetPlanner/summary(ofColumn:parts:isText:)`` computes beyond the two counts it
/// always gives.
///
/// ```swift
/// let parts: SQLSummaryParts = [.extremes, .mean, .storageClasses]
/// ```
public struct SQLSummaryParts: OptionSet, Hashable, Sendable {
  /// The raw value of the set.
  public let rawValue: Int

  /// Makes the set of `rawValue`.
  public init(rawValue: Int) { self.rawValue = rawValue }

  /// The least and greatest values, text and BLOBs cut to their first
  /// ``SQLKeysetPlanner/summaryValueLimit`` characters or bytes: `least`, `greatest`.
  public static let extremes = SQLSummaryParts(rawValue: 1)
  /// The mean of the values that are numbers (on SQLite, of the INTEGER and REAL values of
  /// any column; on PostgreSQL, of a numeric column's values): `mean`.
  public static let mean = SQLSummaryParts(rawValue: 2)
  /// The exact number of distinct values, `count(DISTINCT …)`, cheap where an index holds
  /// them in order: `distinct`.
  public static let distinct = SQLSummaryParts(rawValue: 4)
  /// On SQLite, how many values of each storage class: `integers`, `reals`, `texts`,
  /// `blobs`.
  public static let storageClasses = SQLSummaryParts(rawValue: 8)
  /// The mean of a column whose values are known to be numbers alone, a plain `avg`:
  /// `mean`, cheaper than ``mean``'s test of each value on SQLite.
  public static let numericMean = SQLSummaryParts(rawValue: 16)
  /// On SQLite, how many values are REAL, for a column of numbers alone (the INTEGER values
  /// are the others): `reals`.
  public static let reals = SQLSummaryParts(rawValue: 32)
}
