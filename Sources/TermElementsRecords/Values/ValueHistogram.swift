/// How many records of a view hold a number in each range of a column's values: what a
/// ``RecordValueCounting`` source gives `F` for a column of more numbers than the screen
/// keeps one by one (``RecordValueCounting/histogram(ofColumn:in:)``).
///
/// ```swift
/// let ranges = ValueRanges(least: 3, greatest: 97, integers: true)!
/// // 0 – 5, 5 – 10, …, 95 – 100: ranges.count == 20, ranges.width == 5
/// let histogram = ValueHistogram.counting(
///   [.integer(3), .integer(4), .integer(97), .null], ranges: ranges)
/// // histogram.counts[0] == 2, histogram.counts[19] == 1, histogram.nulls == 1
/// ```
public struct ValueHistogram: Equatable, Sendable {
  /// The ranges counted.
  public var ranges: ValueRanges
  /// The records whose value falls in each of ``ranges``, in their order.
  public var counts: [Int]
  /// The records whose value is NULL.
  public var nulls: Int
  /// The records whose value is neither NULL nor a number (text in a column of numbers on
  /// SQLite), in no range.
  public var others: Int
  /// The records counted: every record of the view.
  public var records: Int

  /// The counts `counts` of `ranges` among `records` records, `nulls` of them NULL and
  /// `others` of them holding something else than a number.
  public init(ranges: ValueRanges, counts: [Int], records: Int, nulls: Int = 0, others: Int = 0) {
    self.ranges = ranges
    self.counts = counts
    self.records = records
    self.nulls = nulls
    self.others = others
  }

  /// The histogram of `values`, each record's value of the column, in `ranges`: how a source
  /// that holds its values counts them.
  public static func counting(_ values: some Sequence<CellValue>, ranges: ValueRanges)
    -> ValueHistogram
  {
    var histogram = ValueHistogram(
      ranges: ranges, counts: Array(repeating: 0, count: ranges.count), records: 0)
    for value in values { histogram.add(value) }
    return histogram
  }

  /// Counts one more record, whose value is `value`.
  public mutating func add(_ value: CellValue) {
    records += 1
    if value.isNull {
      nulls += 1
    } else if value.isNumber, let number = value.numericValue, number.isFinite {
      counts[ranges.range(of: number)] += 1
    } else {
      others += 1
    }
  }

  /// Adds the counts of `other`, made of other records in the same ranges.
  mutating func add(_ other: ValueHistogram) {
    for (index, count) in other.counts.enumerated() { counts[index] += count }
    nulls += other.nulls
    others += other.others
    records += other.records
  }
}

/// About 20 ranges of a round width (1, 2 or 5 times a power of
/// ten) from the least number of a column to its greatest, the ends as `F` writes them and
/// as a filter compares with them: the same ranges as the frequency screen makes of numbers
/// it counted one by one.
///
/// ```swift
/// let ranges = ValueRanges(least: 0.13, greatest: 0.92, integers: false)!
/// // ranges.width == 0.05, ranges.bound(0) == .decimal("0.10"), ranges.count == 17
/// ```
public struct ValueRanges: Equatable, Sendable {
  /// The scale the frequency screen uses.
  let scale: RangeScale

  /// The ranges from `least` to `greatest`, whole numbers at their ends when `integers`;
  /// `nil` when `least` is not below `greatest` or either is not finite.
  public init?(least: Double, greatest: Double, integers: Bool) {
    guard least.isFinite, greatest.isFinite,
      let scale = RangeScale.numbers([least, greatest], integers: integers)
    else { return nil }
    self.scale = scale
  }

  /// Where the first range starts.
  public var lower: Double { scale.lower }
  /// The width of each range.
  public var width: Double { scale.width }
  /// How many ranges.
  public var count: Int { scale.count }
  /// The digits after the point that the ends are written with (0 for whole numbers).
  public var decimals: Int {
    if case .decimals(let decimals) = scale.kind { decimals } else { 0 }
  }

  /// Where range `index` starts (the last one's end, for ``count``), as a filter compares
  /// with it.
  public func bound(_ index: Int) -> CellValue { scale.bound(index) }

  /// The range `number` falls in (at or after its start, before the next one's), the first
  /// or last for a number beyond them.
  public func range(of number: Double) -> Int { scale.bucket(of: number) }
}
