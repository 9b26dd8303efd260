/// How many records of a view hold each value of a column, most frequent first: what a
/// ``RecordValueCounting`` source gives `F`.
///
/// At most a limit of values are kept, the most frequent; when the column has more,
/// ``otherValues`` says how many more (where the source knows) and ``otherRecords`` how many
/// records hold them.
///
/// ```swift
/// let counts = ValueCounts(
///   entries: [.init(value: .text("Oslo"), count: 2), .init(value: .null, count: 1)],
///   records: 3)
/// let share = counts.entries[0].count * 100 / counts.records  // 66
/// ```
public struct ValueCounts: Equatable, Sendable {
  /// A value and the number of records that hold it.
  public struct Entry: Equatable, Sendable {
    /// The value (``CellValue/null`` for NULL, apart from the text `NULL`).
    public var value: CellValue
    /// The records that hold it.
    public var count: Int

    /// The entry of `value`, held by `count` records.
    public init(value: CellValue, count: Int) {
      self.value = value
      self.count = count
    }
  }

  /// The values kept, most frequent first, equal counts in the values' order.
  public var entries: [Entry]
  /// The records counted: every record of the view.
  public var records: Int
  /// The records whose value is not among ``entries``.
  public var otherRecords: Int
  /// How many distinct values are not among ``entries``, or `nil` when the source does not
  /// know (it stopped keeping values at its limit).
  public var otherValues: Int?

  /// Counts of `entries` among `records` records, `otherRecords` of which hold one of
  /// `otherValues` values not kept.
  public init(entries: [Entry], records: Int, otherRecords: Int = 0, otherValues: Int? = 0) {
    self.entries = entries
    self.records = records
    self.otherRecords = otherRecords
    self.otherValues = otherValues
  }

  /// Whether every distinct value is among ``entries``.
  public var isComplete: Bool { otherRecords == 0 && otherValues == 0 }

  /// The most distinct values the frequency screen keeps.
  public static let screenLimit = 100_000

  /// The counts of `values`, each record's value of the column, most frequent first (equal
  /// counts in the values' order, ``CellValue/precedes(_:)``), keeping the `limit` most
  /// frequent: how a source that holds its values counts them.
  public static func counting(_ values: some Sequence<CellValue>, limit: Int) -> ValueCounts {
    var counts: [CellValue: Entry] = [:]
    var records = 0
    for value in values {
      counts[value.countedAs, default: Entry(value: value, count: 0)].count += 1
      records += 1
    }
    return ValueCounts(counted: counts, records: records, limit: limit)
  }

  /// The counts of `counted`, each distinct value's first value and its records, by
  /// ``CellValue/countedAs``, among `records` records, the `limit` most frequent kept.
  init(counted: [CellValue: Entry], records: Int, limit: Int) {
    let sorted = counted.values.sorted(by: Self.comesFirst)
    let kept = Array(sorted.prefix(max(0, limit)))
    let keptRecords = kept.reduce(0) { $0 + $1.count }
    self.init(
      entries: kept, records: records, otherRecords: records - keptRecords,
      otherValues: sorted.count - kept.count)
  }

  /// Whether `a` comes before `b`: the more frequent first, then by value.
  static func comesFirst(_ a: Entry, _ b: Entry) -> Bool {
    if a.count != b.count { return a.count > b.count }
    return a.value.precedes(b.value)
  }
}

extension CellValue {
  /// The value as counted with others: a number by its value whatever its kind (`7`, `7.0`
  /// and `7.00` are one value, as a filter's `=` finds them), others as they are.
  var countedAs: CellValue {
    guard isNumber, let number = numericValue, number.isFinite else { return self }
    return .real(number == 0 ? 0 : number)
  }
}
