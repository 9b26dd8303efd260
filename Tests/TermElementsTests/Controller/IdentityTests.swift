import Testing

@testable import TermElements

/// A row named `name` with the id `name`.
func identifiedRow(_ name: String) -> Row {
  Row(ElementOfLabel(props: name), id: RowID(name), separatorStyle: .none)
}

/// Rows `r0` to `r(count - 1)`, each with its name as id.
func identifiedRows(_ count: Int, prefix: String = "r") -> [Row] {
  (0..<count).map { identifiedRow("\(prefix)\($0)") }
}

/// The index path of row `row` in section 0.
func row(_ row: Int) -> IndexPath { IndexPath(row: row, section: 0) }

/// Screens of a table changing under the user: the selection and the row at the top of the
/// screen follow their ids, not their positions.
@MainActor
@Suite("Identity: selection and scroll follow rows by id")
struct IdentityTests {
  /// A 10x6 screen (5 table lines) of 30 rows, scrolled to r10 with r12 selected.
  func middleOfThirty() -> (TableModelController, Harness) {
    let controller = TableModelController(table: Table(rows: identifiedRows(30)))
    var harness = Harness(controller, width: 10, height: 6)
    controller.select(row(12))
    controller.scrollToRow(at: row(10), position: .top)
    expectFrame(harness.send(), [" r10", " r11", " r12", " r13", " r14", "    13/30"])
    #expect(harness.screen[1, 2].style.attributes == .reverse)
    return (controller, harness)
  }

  @Test("Inserting, deleting and moving rows above the screen keeps the screen as it was")
  func changesAbove() {
    var (controller, harness) = middleOfThirty()
    controller.table.sections[0].rows.insert(contentsOf: identifiedRows(3, prefix: "n"), at: 2)
    expectFrame(harness.send(), [" r10", " r11", " r12", " r13", " r14", "    16/33"])
    controller.table.sections[0].rows.removeSubrange(0..<2)
    expectFrame(harness.send(), [" r10", " r11", " r12", " r13", " r14", "    14/31"])
    let moved = controller.table.sections[0].rows.remove(at: 0)
    controller.table.sections[0].rows.append(moved)
    expectFrame(harness.send(), [" r10", " r11", " r12", " r13", " r14", "    13/31"])
    #expect(controller.selection == row(12))
    #expect(harness.screen[1, 2].style.attributes == .reverse)
  }

  @Test("Changes below the screen change only the count")
  func changesBelow() {
    var (controller, harness) = middleOfThirty()
    controller.table.sections[0].rows.insert(contentsOf: identifiedRows(4, prefix: "n"), at: 20)
    expectFrame(harness.send(), [" r10", " r11", " r12", " r13", " r14", "    13/34"])
    controller.table.sections[0].rows.removeSubrange(25..<34)
    controller.table.sections[0].rows.swapAt(15, 20)
    expectFrame(harness.send(), [" r10", " r11", " r12", " r13", " r14", "    13/25"])
  }

  @Test("A row inserted between the top row and the selection pushes only what is below it")
  func insertBetween() {
    var (controller, harness) = middleOfThirty()
    controller.table.sections[0].rows.insert(identifiedRow("new"), at: 11)
    expectFrame(harness.send(), [" r10", " new", " r11", " r12", " r13", "    14/31"])
    #expect(harness.screen[1, 3].style.attributes == .reverse)
  }

  @Test("A row moved from above the selection to below it")
  func moveAcross() {
    var (controller, harness) = middleOfThirty()
    let r11 = controller.table.sections[0].rows.remove(at: 11)
    controller.table.sections[0].rows.insert(r11, at: 13)
    expectFrame(harness.send(), [" r10", " r12", " r13", " r11", " r14", "    12/30"])
    #expect(harness.screen[1, 1].style.attributes == .reverse)
  }

  @Test("When the selected row goes, its nearest neighbour below is selected")
  func selectedRowDeleted() {
    var (controller, harness) = middleOfThirty()
    controller.table.sections[0].rows.remove(at: 12)
    expectFrame(harness.send(), [" r10", " r11", " r13", " r14", " r15", "    13/29"])
    #expect(controller.selection == row(12))
    #expect(harness.screen[1, 2].style.attributes == .reverse)
    // At the end there is no row below: the one above is taken.
    controller.select(row(28))
    harness.send()
    controller.table.sections[0].rows.removeLast()
    harness.send()
    #expect(controller.selection == row(27))
    #expect(harness.statusLine == "    28/28 ")
  }

  @Test("When the top row goes, the row after it takes its line")
  func topRowDeleted() {
    var (controller, harness) = middleOfThirty()
    controller.table.sections[0].rows.removeSubrange(9..<11)
    expectFrame(harness.send(), [" r11", " r12", " r13", " r14", " r15", "    11/28"])
  }

  @Test("At the top of the table: rows inserted above the first row keep the view")
  func atTheTop() {
    let controller = TableModelController(table: Table(rows: identifiedRows(30)))
    var harness = Harness(controller, width: 10, height: 6)
    harness.press(.down)
    controller.table.sections[0].rows.insert(contentsOf: identifiedRows(2, prefix: "n"), at: 0)
    expectFrame(harness.send(), [" r0", " r1", " r2", " r3", " r4", "     4/32"])
    harness.press(.home)
    expectFrame(harness, [" n0", " n1", " r0", " r1", " r2", "     1/32"])
  }

  @Test("At the end of the table: the last row stays selected as rows come and go above")
  func atTheEnd() {
    let controller = TableModelController(table: Table(rows: identifiedRows(30)))
    var harness = Harness(controller, width: 10, height: 6)
    harness.press(.end)
    expectFrame(harness, [" r25", " r26", " r27", " r28", " r29", "    30/30"])
    controller.table.sections[0].rows.insert(identifiedRow("new"), at: 5)
    controller.table.sections[0].rows.remove(at: 0)
    expectFrame(harness.send(), [" r25", " r26", " r27", " r28", " r29", "    30/30"])
    controller.table.sections[0].rows.append(contentsOf: identifiedRows(2, prefix: "n"))
    expectFrame(harness.send(), [" r25", " r26", " r27", " r28", " r29", "    30/32"])
  }

  @Test("Rows without ids keep their positions, as before ids existed")
  func withoutIDs() {
    let controller = TableModelController(table: numberedTable(30))
    var harness = Harness(controller, width: 10, height: 6)
    controller.select(row(12))
    controller.scrollToRow(at: row(10), position: .top)
    harness.send()
    controller.table.sections[0].rows.insert(plainRow("new"), at: 0)
    expectFrame(harness.send(), [" r 9", " r 10", " r 11", " r 12", " r 13", "    13/31"])
  }

  @Test("In a lazy section, generated rows are known by their index in the source")
  func lazySection() {
    let source = RowSource(id: "log", count: 1_000_000) { identifiedRow("g\($0)") }
    let controller = TableModelController(table: Table(sections: [Section(rows: Rows(source))]))
    var harness = Harness(controller, width: 16, height: 6)
    controller.select(row(500_002))
    controller.scrollToRow(at: row(500_000), position: .top)
    expectFrame(
      harness.send(),
      [" g500000", " g500001", " g500002", " g500003", " g500004", " 500003/1000000"]
    )
    // Stored rows inserted above and in between; generated rows deleted above and below.
    controller.table.sections[0].rows.insert(contentsOf: identifiedRows(2, prefix: "n"), at: 0)
    controller.table.sections[0].rows.removeSubrange(10..<20)
    controller.table.sections[0].rows.insert(identifiedRow("new"), at: 499_993)
    controller.table.sections[0].rows.removeSubrange(600_000..<600_100)
    expectFrame(
      harness.send(), [" g500000", " new", " g500001", " g500002", " g500003", "  499996/999893"]
    )
    #expect(harness.screen[1, 3].style.attributes == .reverse)
    // A stored row moved from above the screen to below it.
    let first = controller.table.sections[0].rows.remove(at: 0)
    controller.table.sections[0].rows.insert(first, at: 600_000)
    expectFrame(
      harness.send(), [" g500000", " new", " g500001", " g500002", " g500003", "  499995/999893"]
    )
    #expect(controller.state.layout.statistics.rowsBuilt < 100)
  }

  @Test("A rebuild of the table during editing keeps the edit and the cursor")
  func editSurvivesRebuild() {
    let log = Log()
    func table(_ names: [String]) -> Table {
      var rows = names.map(identifiedRow)
      rows.insert(
        Row(
          ElementOfTextField(
            props: TextFieldProps(
              text: "app", onChange: TextAction { log.entries.append("change \($0)") },
              onCommit: TextAction { log.entries.append("commit \($0)") })),
          id: "field", separatorStyle: .none),
        at: 1)
      return Table(rows: rows)
    }
    let controller = TableModelController(table: table(["a", "b"]))
    var harness = Harness(controller, width: 10, height: 4)
    harness.press(.down, .enter)
    harness.type("xy")
    harness.press(.left)
    expectFrame(harness, [" a", " appxy", " b", "      2/3"])
    // The app rebuilds its table with a row above the field: the edit follows the field.
    controller.table = table(["new", "a", "b"])
    expectFrame(harness.send(), [" appxy", " a", " b", "      2/4"])
    #expect(harness.screen[5, 0].style.attributes == [.reverse, .underline])
    harness.type("!")
    harness.press(.enter)
    #expect(log.entries == ["change appx", "change appxy", "change appx!y", "commit appx!y"])
    // The app did not store the text: the field shows the app's text again.
    expectFrame(harness, [" app", " a", " b", "      2/4"])
    // A field that leaves the table ends the edit; the keys go to the table again.
    harness.press(.enter)
    controller.table = table(["a"]).removingField()
    harness.press(.character("j"))
    #expect(controller.state.selection.editing == nil)
    #expect(!controller.isFinished)
  }

  @Test("Duplicate ids are reported in the status line of debug builds, and nothing breaks")
  func duplicateIDs() {
    let rows = [identifiedRow("a"), identifiedRow("b"), identifiedRow("a")]
    let controller = TableModelController(table: Table(rows: rows))
    var harness = Harness(controller, width: 30, height: 4)
    harness.press(.down, .down)
    #expect(controller.selection == row(2))
    #if DEBUG
      #expect(harness.statusLine.hasPrefix(" ⚠ duplicate row ids: a"))
    #endif
    controller.table.sections[0].rows.remove(at: 1)
    harness.send()
    #expect(controller.selection != nil)
  }

  @Test("Applying a one-row change measures only that row")
  func oneRowChangeMeasuresOneRow() {
    let controller = TableModelController(table: Table(rows: identifiedRows(100_000)))
    var harness = Harness(controller, width: 12, height: 6)
    controller.select(row(50_000))
    harness.send()
    let before = controller.state.layout.statistics.itemsMeasured
    controller.table.sections[0].rows[49_999] = identifiedRow("changed")
    expectFrame(
      harness.send(), [" r49996", " r49997", " r49998", " changed", " r50000", "50001/100000"]
    )
    #expect(controller.state.layout.statistics.itemsMeasured - before == 1)
  }
}

extension Table {
  /// The table without its text field row.
  fileprivate func removingField() -> Table {
    var copy = self
    copy.sections[0].rows.removeAll { $0.id == "field" }
    return copy
  }
}

@MainActor
@Suite("The anchor when the row at the top goes")
struct AnchorFollowingTests {
  @Test("The last row of a section at the top goes: the next section's header takes its line")
  func followingItemTakesTheLine() {
    func rows(_ prefix: String) -> [Row] {
      (0..<10).map {
        Row(
          ElementOfLabel(props: "\(prefix)\($0)"), id: RowID("\(prefix)\($0)"),
          separatorStyle: .none)
      }
    }
    var table = Table(sections: [
      Section(rows: rows("a")),
      Section(header: SectionHeader(ElementOfLabel(props: "B")), rows: rows("b")),
    ])
    table.pinsSectionHeaders = false
    let controller = TableModelController(table: table)
    controller.showsStatusLine = false
    var harness = Harness(controller, width: 6, height: 5)
    // With no selection to follow, the screen keeps its place.
    controller.select(nil)
    controller.scrollToRow(at: IndexPath(row: 9, section: 0), position: .top)
    expectFrame(harness.send(), [" a9", " B", " b0", " b1", " b2"])
    controller.table.sections[0].rows.remove(at: 9)
    expectFrame(harness.send(), [" B", " b0", " b1", " b2", " b3"])
  }

  @Test("At the top, a row the app puts first under a pinned header shows below the header")
  func rowInsertedAtTheTopShows() {
    let rows = (0..<10).map {
      Row(ElementOfLabel(props: "a\($0)"), id: RowID("a\($0)"), separatorStyle: .none)
    }
    var table = Table(sections: [
      Section(header: SectionHeader(ElementOfLabel(props: "H")), rows: rows)
    ])
    table.pinsSectionHeaders = true
    let controller = TableModelController(table: table)
    controller.showsStatusLine = false
    var harness = Harness(controller, width: 6, height: 4)
    controller.select(nil)
    expectFrame(harness.send(), [" H", " a0", " a1", " a2"])
    controller.table.sections[0].rows.insert(
      Row(ElementOfLabel(props: "new"), id: RowID("new"), separatorStyle: .none), at: 0)
    expectFrame(harness.send(), [" H", " new", " a0", " a1"])
  }
}
