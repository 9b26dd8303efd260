import Synchronization
import TermElementsTestSupport
import Testing

@testable import TermElements

/// Counts the rows a ``RowSource`` makes, shared between a test and the source's closure.
private final class RowsTestCounter: Sendable {
  /// Rows made so far.
  let made = Mutex(0)

  /// The number of rows made so far.
  var value: Int { made.withLock { $0 } }
}

/// A row showing `text`, identified by it.
private func rowsTestRow(_ text: String) -> Row {
  Row(ElementOfLabel(props: text), id: RowID(text))
}

/// Stored rows named `prefix0`, `prefix1`, and so on.
private func rowsTestPage(_ prefix: String, count: Int) -> [Row] {
  (0..<count).map { rowsTestRow("\(prefix)\($0)") }
}

/// A source of `count` rows named `g0`, `g1`, and so on, counting the rows it makes.
private func rowsTestSource(
  id: String = "g", count: Int, counter: RowsTestCounter
) -> RowSource {
  RowSource(id: id, count: count) { index in
    counter.made.withLock { $0 += 1 }
    return rowsTestRow("g\(index)")
  }
}

/// The rows' ids as text, reading every row.
private func rowsTestIDs(_ rows: Rows) -> [String] {
  rows.map { $0.id?.description ?? "nil" }
}

/// A run's shape: `"stored(n)"` or `"generated(a..<b)"`.
private func rowsTestLayout(_ rows: Rows) -> [String] {
  rows.runs.map { run in
    switch run {
    case .stored(let stored): "stored(\(stored.count))"
    case .generated(_, let range): "generated(\(range.lowerBound)..<\(range.upperBound))"
    }
  }
}

@Suite("Rows")
struct RowsTests {
  @Test("An array literal holds its rows in order")
  func arrayLiteral() {
    let rows: Rows = [rowsTestRow("a"), rowsTestRow("b"), rowsTestRow("c")]
    #expect(rows.count == 3)
    #expect(rowsTestIDs(rows) == ["a", "b", "c"])
    #expect(rows[1] == rowsTestRow("b"))
    #expect(rowsTestLayout(rows) == ["stored(3)"])
  }

  @Test("An empty literal has no rows and no runs")
  func emptyLiteral() {
    let rows: Rows = []
    #expect(rows.isEmpty)
    #expect(rows.runs.isEmpty)
    #expect(rows == Rows())
  }

  @Test("Appending pages keeps the rows in order")
  func appendingPagesKeepsOrder() {
    var rows: Rows = [rowsTestRow("first")]
    rows.append(contentsOf: rowsTestPage("p", count: 3))
    rows.append(rowsTestRow("single"))
    rows += rowsTestPage("q", count: 2)
    #expect(rowsTestIDs(rows) == ["first", "p0", "p1", "p2", "single", "q0", "q1"])
  }

  @Test("Appending to a generated run keeps the run lazy and the order intact")
  func appendingAfterGeneratedRows() {
    let counter = RowsTestCounter()
    var rows = Rows(rowsTestSource(count: 1_000, counter: counter))
    rows.append(contentsOf: rowsTestPage("p", count: 2))
    #expect(counter.value == 0)
    #expect(rows.count == 1_002)
    #expect(rowsTestLayout(rows) == ["generated(0..<1000)", "stored(2)"])
    #expect(rows[999].id == "g999")
    #expect(rows[1_000].id == "p0")
    #expect(rows[1_001].id == "p1")
  }

  @Test("Many small appends merge into a few stored runs")
  func smallAppendsMerge() {
    var rows = Rows()
    for page in 0..<1_000 {
      rows.append(contentsOf: rowsTestPage("\(page)-", count: 10))
    }
    #expect(rows.count == 10_000)
    #expect(rows.runs.count <= 3)
    for run in rows.runs {
      #expect(run.count <= Rows.mergeLimit)
    }
    #expect(rows[0].id == "0-0")
    #expect(rows[4_321].id == "432-1")
    #expect(rows[9_999].id == "999-9")
  }

  @Test("Appending single rows one by one merges them too")
  func singleAppendsMerge() {
    var rows = Rows()
    for index in 0..<500 {
      rows.append(rowsTestRow("\(index)"))
    }
    #expect(rowsTestLayout(rows) == ["stored(500)"])
    #expect(rowsTestIDs(rows) == (0..<500).map { "\($0)" })
  }

  @Test("A big stored run is not copied into when a page is appended after it")
  func bigRunIsNotMergedInto() {
    var rows = Rows(rowsTestPage("big", count: 5_000))
    rows.append(contentsOf: rowsTestPage("p", count: 10))
    rows.append(contentsOf: rowsTestPage("q", count: 10))
    #expect(rowsTestLayout(rows) == ["stored(5000)", "stored(20)"])
    #expect(rows.count == 5_020)
    #expect(rows[4_999].id == "big4999")
    #expect(rows[5_000].id == "p0")
    #expect(rows[5_019].id == "q9")
  }

  @Test("A big page appended after a small run starts a run of its own")
  func bigPageStartsItsOwnRun() {
    var rows = Rows(rowsTestPage("small", count: 10))
    rows.append(contentsOf: rowsTestPage("big", count: 5_000))
    #expect(rowsTestLayout(rows) == ["stored(10)", "stored(5000)"])
  }

  @Test("Reading the count of generated rows makes no row")
  func countMakesNoRow() {
    let counter = RowsTestCounter()
    let rows = Rows(rowsTestSource(count: 10_000_000, counter: counter))
    #expect(rows.count == 10_000_000)
    #expect(rows.endIndex == 10_000_000)
    #expect(!rows.isEmpty)
    #expect(counter.value == 0)
  }

  @Test("Reading one generated row makes exactly that row")
  func subscriptMakesOneRow() {
    let counter = RowsTestCounter()
    let rows = Rows(rowsTestSource(count: 10_000_000, counter: counter))
    let row = rows[1_234_567]
    #expect(row.id == "g1234567")
    #expect(counter.value == 1)
  }

  @Test("A section made from a source makes no rows until one is read")
  func sectionFromSourceIsLazy() {
    let counter = RowsTestCounter()
    let section = Section(id: "s", count: 50) { index in
      counter.made.withLock { $0 += 1 }
      return rowsTestRow("s\(index)")
    }
    #expect(section.rows.count == 50)
    #expect(counter.value == 0)
    #expect(section.rows[49].id == "s49")
    #expect(counter.value == 1)
  }

  @Test("Replacing a row in the middle of a generated run keeps the rest generated")
  func replacingInsideGeneratedRun() {
    let counter = RowsTestCounter()
    var rows = Rows(rowsTestSource(count: 100, counter: counter))
    rows[50] = rowsTestRow("new")
    #expect(counter.value == 0)
    #expect(rows.count == 100)
    #expect(rowsTestLayout(rows) == ["generated(0..<50)", "stored(1)", "generated(51..<100)"])
    #expect(rows[49].id == "g49")
    #expect(rows[50].id == "new")
    #expect(rows[51].id == "g51")
  }

  @Test("Replacing a range of generated rows with fewer rows keeps both ends generated")
  func replacingRangeInsideGeneratedRun() {
    let counter = RowsTestCounter()
    var rows = Rows(rowsTestSource(count: 100, counter: counter))
    rows.replaceSubrange(10..<20, with: rowsTestPage("r", count: 3))
    #expect(counter.value == 0)
    #expect(rows.count == 93)
    #expect(rowsTestLayout(rows) == ["generated(0..<10)", "stored(3)", "generated(20..<100)"])
    #expect(rowsTestIDs(Rows(rows[8..<15])) == ["g8", "g9", "r0", "r1", "r2", "g20", "g21"])
  }

  @Test("Neighbouring replaced rows merge into one stored run")
  func neighbouringReplacementsMerge() {
    let counter = RowsTestCounter()
    var rows = Rows(rowsTestSource(count: 100, counter: counter))
    rows[50] = rowsTestRow("x")
    rows[51] = rowsTestRow("y")
    #expect(counter.value == 0)
    #expect(rowsTestLayout(rows) == ["generated(0..<50)", "stored(2)", "generated(52..<100)"])
    #expect(rows[50].id == "x")
    #expect(rows[51].id == "y")
    #expect(rows[52].id == "g52")
  }

  @Test("Removing a row returns it and closes the gap")
  func removeAtIndex() {
    var rows = Rows(rowsTestPage("s", count: 5))
    let removed = rows.remove(at: 1)
    #expect(removed.id == "s1")
    #expect(rowsTestIDs(rows) == ["s0", "s2", "s3", "s4"])
    rows.removeFirst()
    rows.removeLast()
    #expect(rowsTestIDs(rows) == ["s2", "s3"])
  }

  @Test("Removing a generated row makes only the row returned")
  func removeGeneratedRow() {
    let counter = RowsTestCounter()
    var rows = Rows(rowsTestSource(count: 10, counter: counter))
    let removed = rows.remove(at: 4)
    #expect(removed.id == "g4")
    #expect(counter.value == 1)
    #expect(rowsTestLayout(rows) == ["generated(0..<4)", "generated(5..<10)"])
    #expect(rowsTestIDs(rows) == ["g0", "g1", "g2", "g3", "g5", "g6", "g7", "g8", "g9"])
  }

  @Test("Removing a range of generated rows makes none of them")
  func removeGeneratedRange() {
    let counter = RowsTestCounter()
    var rows = Rows(rowsTestSource(count: 1_000, counter: counter))
    rows.removeSubrange(100..<900)
    #expect(counter.value == 0)
    #expect(rows.count == 200)
    #expect(rowsTestLayout(rows) == ["generated(0..<100)", "generated(900..<1000)"])
    #expect(rows[99].id == "g99")
    #expect(rows[100].id == "g900")
  }

  @Test("Inserting rows puts them before the given index")
  func insert() {
    var rows = Rows(rowsTestPage("s", count: 3))
    rows.insert(rowsTestRow("front"), at: 0)
    rows.insert(rowsTestRow("middle"), at: 2)
    rows.insert(rowsTestRow("end"), at: rows.endIndex)
    rows.insert(contentsOf: rowsTestPage("m", count: 2), at: 1)
    #expect(rowsTestIDs(rows) == ["front", "m0", "m1", "s0", "middle", "s1", "s2", "end"])
  }

  @Test("Inserting into a generated run splits it and keeps both halves generated")
  func insertIntoGeneratedRun() {
    let counter = RowsTestCounter()
    var rows = Rows(rowsTestSource(count: 20, counter: counter))
    rows.insert(rowsTestRow("in"), at: 7)
    #expect(counter.value == 0)
    #expect(rowsTestLayout(rows) == ["generated(0..<7)", "stored(1)", "generated(7..<20)"])
    #expect(rows[6].id == "g6")
    #expect(rows[7].id == "in")
    #expect(rows[8].id == "g7")
  }

  @Test("Removing every row leaves an empty collection with no runs")
  func removeAll() {
    var rows = Rows(rowsTestPage("s", count: 3))
    rows.removeAll()
    #expect(rows.isEmpty)
    #expect(rows.runs.isEmpty)
  }

  @Test("Sources with the same id and count are equal without making any row")
  func equalSourcesMakeNoRows() {
    let counter = RowsTestCounter()
    let left = Rows(rowsTestSource(id: "same", count: 1_000_000, counter: counter))
    let right = Rows(
      RowSource(id: "same", count: 1_000_000) { _ in
        counter.made.withLock { $0 += 1 }
        return rowsTestRow("other")
      })
    #expect(left == right)
    #expect(counter.value == 0)
  }

  @Test("The same source split at different places is equal without making any row")
  func splitSourcesMakeNoRows() {
    let counter = RowsTestCounter()
    let source = rowsTestSource(count: 1_000, counter: counter)
    var left = Rows(source)
    var right = Rows(source)
    left.removeSubrange(10..<20)
    right.removeSubrange(10..<20)
    left.append(contentsOf: rowsTestPage("tail", count: 2))
    right.append(contentsOf: rowsTestPage("tail", count: 2))
    #expect(left == right)
    #expect(counter.value == 0)
  }

  @Test("Sources with different counts are unequal")
  func differentCounts() {
    let counter = RowsTestCounter()
    let left = Rows(rowsTestSource(count: 10, counter: counter))
    let right = Rows(rowsTestSource(count: 11, counter: counter))
    #expect(left != right)
    #expect(counter.value == 0)
  }

  @Test("Stored and generated rows are equal when they hold the same rows")
  func storedEqualsGenerated() {
    let counter = RowsTestCounter()
    let generated = Rows(rowsTestSource(count: 30, counter: counter))
    let stored = Rows((0..<30).map { rowsTestRow("g\($0)") })
    #expect(generated == stored)
    #expect(stored == generated)
  }

  @Test("Rows split into different runs are equal when they hold the same rows")
  func differentRunLayoutsEqual() {
    let counter = RowsTestCounter()
    var mixed = Rows(rowsTestSource(count: 30, counter: counter))
    mixed[10] = rowsTestRow("g10")
    var stored = Rows(rowsTestPage("g", count: 5))
    stored.append(contentsOf: rowsTestPage("g", count: 30).dropFirst(5))
    #expect(rowsTestLayout(mixed) == ["generated(0..<10)", "stored(1)", "generated(11..<30)"])
    #expect(mixed == stored)
  }

  @Test("Rows that differ in one row are unequal")
  func differentRowsUnequal() {
    let counter = RowsTestCounter()
    let generated = Rows(rowsTestSource(count: 30, counter: counter))
    var changed = generated
    changed[17] = rowsTestRow("different")
    #expect(generated != changed)
    var stored = Rows(rowsTestPage("g", count: 30))
    #expect(stored == generated)
    stored[29] = rowsTestRow("different")
    #expect(stored != generated)
    #expect(Rows(rowsTestPage("a", count: 3)) != Rows(rowsTestPage("b", count: 3)))
  }

  @Test("Seeded random edits agree with a plain array and keep unread rows unmade")
  func randomEditsMatchArray() {
    let counter = RowsTestCounter()
    var rows = Rows(rowsTestSource(count: 300, counter: counter))
    var expected = (0..<300).map { "g\($0)" }
    var random = SeededRandom(seed: 42)
    for step in 0..<300 {
      let lower = random.next(below: expected.count + 1)
      let upper = lower + random.next(below: min(20, expected.count - lower) + 1)
      let added = rowsTestPage("s\(step)-", count: random.next(below: 4))
      rows.replaceSubrange(lower..<upper, with: added)
      expected.replaceSubrange(lower..<upper, with: added.map { $0.id!.description })
      #expect(rows.count == expected.count)
      #expect(rows.runs.allSatisfy { $0.count > 0 })
      #expect(rows.runs.reduce(0) { $0 + $1.count } == expected.count)
      if !expected.isEmpty {
        let probe = random.next(below: expected.count)
        #expect(rows[probe].id?.description == expected[probe], "step \(step), row \(probe)")
      }
    }
    // Only the rows probed were made: one per step at most.
    #expect(counter.value <= 300)
    #expect(rowsTestIDs(rows) == expected)
    #expect(rows == Rows(expected.map(rowsTestRow)))
  }
}

/// Counts the rows a probe source makes.
private final class ProbeCounter: Sendable {
  let made = Mutex(0)
}

@Suite("Rows mixing stored and generated runs")
struct RowsMixingTests {
  @Test("Appending generated rows after stored rows keeps them generated")
  func appendingGeneratedRowsKeepsThemGenerated() {
    let counter = ProbeCounter()
    let source = RowSource(id: "g", count: 1_000) { index in
      counter.made.withLock { $0 += 1 }
      return Row(ElementOfLabel(props: "g\(index)"), id: RowID(index))
    }
    var rows: Rows = [Row(ElementOfLabel(props: "header"), id: "header")]
    rows.append(contentsOf: Rows(source))
    #expect(rows.count == 1_001)
    #expect(counter.made.withLock { $0 } == 0)
    #expect(rows.runs.count == 2)
    rows.insert(contentsOf: Rows(source)[10..<20], at: 1)
    #expect(rows.count == 1_011)
    #expect(counter.made.withLock { $0 } == 0)
    #expect(rows[1].id == 10)
    #expect(counter.made.withLock { $0 } == 1)
  }
}
