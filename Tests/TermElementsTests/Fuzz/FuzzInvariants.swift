import TermElementsTestSupport

@testable import TermElements

/// What must hold after every event and every frame, whatever the table and the input.
@MainActor
enum FuzzInvariants {
  /// The controller's state: a valid, enabled selection; an edit on a row that edits; every
  /// loaded row once and in order; nothing forbidden ran.
  static func state(of controller: TableModelController, world: FuzzWorld) -> [String] {
    var problems = world.violations
    world.violations = []
    // Reading the selection applies a table the app just set.
    let selection = controller.selection
    let shown = controller.state.layout.table
    if let selection {
      if !shown.contains(selection) {
        problems.append("the selection \(selection) names no row")
      } else if !shown[selection].isEnabled {
        problems.append("the selection \(selection) cannot be selected")
      }
    }
    if let editing = controller.state.selection.editing {
      if !shown.contains(editing.indexPath) || shown[editing.indexPath].element.editing == nil {
        problems.append("editing \(editing.indexPath), which is not a field")
      }
      if selection != editing.indexPath {
        problems.append(
          "editing \(editing.indexPath) with \(String(describing: selection)) selected")
      }
    }
    problems += loadedRows(in: controller.table, world: world)
    let (number, count) = controller.position
    // The app's rows, with each stream section's latest rows in place of its own.
    let rowCounts = controller.table.sections.map { section in
      section.stream.flatMap { controller.live.streamRows[$0.id]?.count } ?? section.rows.count
    }
    let total = rowCounts.reduce(0, +)
    if count != total { problems.append("the position counts \(count) rows of \(total)") }
    if let number, let selection {
      // A head loader's spinner or error row, shown above the section's rows, has no number.
      let first = shown.sections[selection.section].rows.first?.id?.description ?? ""
      let headRow = first.contains(".head.") && first.hasPrefix("TermElements.") ? 1 : 0
      let expected =
        rowCounts.prefix(selection.section).reduce(0, +) + selection.row + 1 - headRow
      if number != expected { problems.append("row \(expected) shows as \(number)") }
    }
    return problems
  }

  /// Every row a loader delivered is in its section once, in order, unless the loader left
  /// the table.
  static func loadedRows(in table: Table, world: FuzzWorld) -> [String] {
    var problems: [String] = []
    var present: [String: [Int]] = [:]
    for section in table.sections {
      for run in section.rows.runs {
        guard case .stored(let rows) = run else { continue }
        for row in rows where FuzzRun.isLoaded(row) {
          let parts = row.id!.description.split(separator: "#")
          present[String(parts[0]), default: []].append(Int(parts[1])!)
        }
      }
    }
    let loaders = Set(
      table.sections.compactMap(\.tailLoader?.id) + table.sections.compactMap(\.headLoader?.id)
        + [table.tailLoader?.id].compactMap { $0 })
    for (id, numbers) in present where loaders.contains(id) {
      let issued = world.issued[id, default: 0]
      let expected = FuzzWorld.isHead(id) ? Array((-issued)..<0) : Array(0..<issued)
      if numbers != expected {
        problems.append("loader \(id) delivered \(issued) rows; the table has \(numbers)")
      }
    }
    return problems
  }

  /// The frame: every line exactly the width, wide characters whole, nothing unprintable, and
  /// the selected row on screen.
  static func frame(_ screen: Screen, of controller: TableModelController, world: FuzzWorld)
    -> [String]
  {
    var problems = ScreenChecks.lines(of: screen)
    if let selection = controller.state.selection.row,
      controller.state.layout.table.contains(selection)
    {
      let key = controller.state.layout.table.key(at: selection)
      let covered =
        controller.state.geometry(at: controller.scrollOffset).clipTop
        + controller.state.pinnedHeaderHeight(inSection: selection.section)
      let room = controller.state.tableHeight - covered
      let height = controller.state.layout.knownHeight(
        ofPosition: controller.state.layout.position(of: .row(selection)))
      // A row that draws no line can no more be selected than a disabled one (on a screen
      // with room for a cell, where rows can draw).
      if height == 0 && screen.width > 0 && room > 0 {
        problems.append("the selection \(selection) draws no line")
      }
      if room > 0 && height > 0 && controller.isVisible {
        let shown = controller.shown.rows.contains { row in
          row.key == key && row.frame.y + row.frame.height > covered
            && row.frame.y < controller.state.tableHeight
        }
        if !shown { problems.append("the selection \(selection) is off screen") }
      }
    }
    return problems
  }

  /// When a page arrives for a loader whose tail is not on screen (its spinner or error row,
  /// and the row before it), the rows on screen stay on their lines.
  static func rowsStayPut(
    before: [RowKey: Int], after: [RowKey: Int], in controller: TableModelController,
    tail: Set<RowKey>, loader: String
  ) -> [String] {
    guard !controller.state.layout.table.centersContentIfPossible else { return [] }
    guard !tail.contains(where: { before[$0] != nil }) else { return [] }
    // Rows arriving above rows known only by position, or by an id used twice, move what those
    // rows are: a head loader keeps the screen still for rows with ids of their own.
    if FuzzWorld.isHead(loader),
      let section = controller.table.sections.first(where: { $0.headLoader?.id == loader })
    {
      var seen: Set<RowID> = []
      for row in section.rows {
        guard let id = row.id, seen.insert(id).inserted else { return [] }
      }
    }
    var problems: [String] = []
    for (key, line) in before where key.followsRow {
      if let now = after[key], now != line {
        problems.append("\(key) moved from line \(line) to \(now) while \(loader) loaded elsewhere")
      }
    }
    return problems
  }
}
