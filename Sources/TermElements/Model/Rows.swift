/// A section's rows: an array-like collection whose rows can be stored or made on demand.
///
/// Use it like an array: append pages as they arrive, replace or remove rows. Stored rows and
/// ``RowSource`` runs mix freely, and only the rows actually read are made, so a section of ten
/// million generated rows costs a few words until it is drawn.
///
/// ```swift
/// var rows: Rows = [Row(ElementOfLabel(props: "First"))]
/// rows.append(contentsOf: nextPage)
/// let lazy = Rows(
///   RowSource(id: "log", count: 10_000_000) { Row(ElementOfLabel(props: "#\($0)")) })
/// ```
public struct Rows: RandomAccessCollection, RangeReplaceableCollection, MutableCollection,
  Equatable, Sendable, ExpressibleByArrayLiteral
{
  /// A run of rows: stored, or a range of a source's indexes.
  enum Run: Sendable {
    case stored([Row])
    case generated(RowSource, Range<Int>)

    /// Rows in the run.
    var count: Int {
      switch self {
      case .stored(let rows): rows.count
      case .generated(_, let range): range.count
      }
    }

    /// The row at an offset from the run's start.
    func row(at offset: Int) -> Row {
      switch self {
      case .stored(let rows): rows[offset]
      case .generated(let source, let range): source.makeRow(range.lowerBound + offset)
      }
    }

    /// The rows from `lower` to `upper` offsets of the run.
    func slice(_ lower: Int, _ upper: Int) -> Run {
      switch self {
      case .stored(let rows): .stored(Array(rows[lower..<upper]))
      case .generated(let source, let range):
        .generated(source, (range.lowerBound + lower)..<(range.lowerBound + upper))
      }
    }
  }

  /// Stored runs are merged while the result stays below this size, so that appending pages
  /// never copies more than a run.
  static let mergeLimit = 4096

  /// The runs, in order; none is empty.
  private(set) var runs: [Run]
  /// Where each run ends: `ends[i]` is the number of rows in runs `0...i`.
  private var ends: [Int]

  /// An empty collection.
  public init() {
    runs = []
    ends = []
  }

  /// The rows of an array.
  public init(_ rows: [Row]) {
    self.init()
    append(run: .stored(rows))
  }

  /// The rows of a source, made when read.
  public init(_ source: RowSource) {
    self.init()
    append(run: .generated(source, 0..<source.count))
  }

  /// The rows of an array literal.
  public init(arrayLiteral rows: Row...) {
    self.init(rows)
  }

  /// The index of the first row: always 0.
  public var startIndex: Int { 0 }

  /// One past the last row's index: the number of rows.
  public var endIndex: Int { ends.last ?? 0 }

  /// The row at `position`; a generated row is made anew each time it is read.
  public subscript(position: Int) -> Row {
    get {
      precondition(position >= 0 && position < endIndex, "Row index \(position) out of range")
      let run = runIndex(containing: position)
      return runs[run].row(at: position - start(ofRun: run))
    }
    set {
      replaceSubrange(position..<(position + 1), with: CollectionOfOne(newValue))
    }
  }

  /// Replaces the rows in `range` with `newRows`; generated runs around the range stay lazy.
  public mutating func replaceSubrange<C: Collection>(_ range: Range<Int>, with newRows: C)
  where C.Element == Row {
    precondition(range.lowerBound >= 0 && range.upperBound <= endIndex, "Range out of bounds")
    if range.isEmpty && range.lowerBound == endIndex {
      for run in Self.runs(of: newRows) { append(run: run) }
      return
    }
    let head = runs(from: 0, to: range.lowerBound)
    let tail = runs(from: range.upperBound, to: endIndex)
    runs = []
    ends = []
    for run in head + Self.runs(of: newRows) + tail { append(run: run) }
  }

  /// The runs that hold the rows from `lower` to `upper`, cut to fit.
  private func runs(from lower: Int, to upper: Int) -> [Run] {
    var result: [Run] = []
    for (index, run) in runs.enumerated() {
      let runStart = start(ofRun: index)
      let cutStart = Swift.max(lower, runStart)
      let cutEnd = Swift.min(upper, ends[index])
      if cutStart < cutEnd { result.append(run.slice(cutStart - runStart, cutEnd - runStart)) }
    }
    return result
  }

  /// Adds rows at the end as one run, merged into the last run only while both are small.
  public mutating func append<S: Sequence>(contentsOf newRows: S) where S.Element == Row {
    for run in Self.runs(of: newRows) { append(run: run) }
  }

  /// The runs of a sequence of rows: a `Rows`' own runs, so that generated rows stay lazy,
  /// or one stored run.
  private static func runs<S: Sequence>(of rows: S) -> [Run] where S.Element == Row {
    if let rows = rows as? Rows { return rows.runs }
    if let slice = rows as? Slice<Rows> {
      return slice.base.runs(from: slice.startIndex, to: slice.endIndex)
    }
    return [.stored(Array(rows))]
  }

  /// Adds one row at the end.
  public mutating func append(_ row: Row) {
    append(run: .stored([row]))
  }

  /// Adds a run at the end, merging it into a small stored run before it.
  private mutating func append(run: Run) {
    guard run.count > 0 else { return }
    if case .stored(let new) = run, case .stored(var last)? = runs.last,
      last.count + new.count <= Self.mergeLimit
    {
      runs.removeLast()
      last.append(contentsOf: new)
      runs.append(.stored(last))
      ends[ends.count - 1] += new.count
      return
    }
    runs.append(run)
    ends.append(endIndex + run.count)
  }

  /// The index of the run that holds `position`.
  func runIndex(containing position: Int) -> Int {
    if runs.count <= 1 { return 0 }
    // The first run that ends after `position`; the last one when none does.
    return (0..<(ends.count - 1)).partitionPoint { ends[$0] > position }
  }

  /// The index of the first row of run `run`.
  func start(ofRun run: Int) -> Int {
    run == 0 ? 0 : ends[run - 1]
  }

  /// Rows are equal when they hold equal rows in the same order; runs of the same source over
  /// the same indexes are equal without making their rows.
  public static func == (lhs: Rows, rhs: Rows) -> Bool {
    guard lhs.count == rhs.count else { return false }
    var position = 0
    while position < lhs.count {
      let left = lhs.runIndex(containing: position)
      let right = rhs.runIndex(containing: position)
      let end = Swift.min(lhs.ends[left], rhs.ends[right])
      let leftOffset = position - lhs.start(ofRun: left)
      let rightOffset = position - rhs.start(ofRun: right)
      switch (lhs.runs[left], rhs.runs[right]) {
      case (.generated(let a, let aRange), .generated(let b, let bRange))
      where a == b && aRange.lowerBound + leftOffset == bRange.lowerBound + rightOffset:
        break
      case (.stored(let a), .stored(let b)):
        let length = end - position
        if a[leftOffset..<(leftOffset + length)] != b[rightOffset..<(rightOffset + length)] {
          return false
        }
      case (let a, let b):
        for step in 0..<(end - position)
        where a.row(at: leftOffset + step) != b.row(at: rightOffset + step) {
          return false
        }
      }
      position = end
    }
    return true
  }
}
