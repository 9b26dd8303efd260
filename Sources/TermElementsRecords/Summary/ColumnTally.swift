/// A column's summary counted value by value, as memory and CSV sources count it: counts,
/// kinds, the least and greatest values, the sum of the numbers, and the distinct values, kept
/// exactly up to ``exactLimit`` and estimated beyond by a ``DistinctSketch``. Two tallies of
/// parts of the records add up to the tally of both.
struct ColumnTally: Sendable {
  /// The most distinct values kept to count them exactly.
  let exactLimit: Int
  /// Records counted.
  private(set) var records = 0
  /// Records whose value was NULL.
  private(set) var nulls = 0
  /// How many values of each kind, by ``ColumnSummary/kind(of:)``.
  private var kinds: [String: Int] = [:]
  /// The least value.
  private var minimum: CellValue?
  /// The greatest value.
  private var maximum: CellValue?
  /// The sum of the values that are numbers, and how many there are.
  private var sum = 0.0
  private var numbers = 0
  /// The distinct values, numbers as reals, while there are at most ``exactLimit``; `nil`
  /// once there were more.
  private var distinct: Set<CellValue>? = []
  /// The estimate of the distinct values, always kept.
  private var sketch = DistinctSketch()

  /// An empty tally that counts up to `exactLimit` distinct values exactly.
  init(exactLimit: Int = 100_000) {
    self.exactLimit = exactLimit
  }

  /// Counts one more record, whose value is `value`.
  mutating func add(_ value: CellValue) {
    records += 1
    guard let kind = ColumnSummary.kind(of: value) else {
      nulls += 1
      return
    }
    kinds[kind, default: 0] += 1
    if let least = minimum {
      if value.precedes(least) { minimum = value }
    } else {
      minimum = value
    }
    if let greatest = maximum {
      if greatest.precedes(value) { maximum = value }
    } else {
      maximum = value
    }
    if let number = value.numericValue {
      sum += number
      numbers += 1
    }
    // Numbers equal by value are one value, as SQL counts them: 1 and 1.0.
    let distinctValue = value.numericValue.map { CellValue.real($0 == 0 ? 0 : $0) } ?? value
    sketch.add(distinctValue)
    if distinct != nil {
      distinct?.insert(distinctValue)
      if let count = distinct?.count, count > exactLimit { distinct = nil }
    }
  }

  /// Adds the tally of other records.
  mutating func add(_ other: ColumnTally) {
    records += other.records
    nulls += other.nulls
    kinds.merge(other.kinds, uniquingKeysWith: +)
    for value in [other.minimum].compactMap({ $0 }) where minimum.map(value.precedes) ?? true {
      minimum = value
    }
    for value in [other.maximum].compactMap({ $0 })
    where maximum.map({ $0.precedes(value) }) ?? true {
      maximum = value
    }
    sum += other.sum
    numbers += other.numbers
    sketch.add(other.sketch)
    if let mine = distinct, let theirs = other.distinct {
      let union = mine.union(theirs)
      distinct = union.count > exactLimit ? nil : union
    } else {
      distinct = nil
    }
  }

  /// The summary counted.
  var summary: ColumnSummary {
    ColumnSummary(
      kinds: ColumnSummary.kindOrder.filter { kinds[$0] != nil },
      values: records - nulls, nulls: nulls,
      distinct: distinct.map { .exact($0.count) } ?? .estimated(sketch.estimate),
      minimum: minimum, maximum: maximum,
      mean: numbers == 0 ? nil : sum / Double(numbers))
  }
}
