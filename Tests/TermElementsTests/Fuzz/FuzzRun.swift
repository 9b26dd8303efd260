import TermElementsTestSupport

@testable import TermElements

/// One fuzz run: a random screen (alone, or on a navigation stack), driven by events, with
/// the invariants checked after every event and every frame.
@MainActor
final class FuzzRun {
  /// Where loaders and rows report.
  let world = FuzzWorld()
  /// Makes the tables.
  var tables: FuzzTables
  /// The first screen.
  let root: TableModelController
  /// The stack, when the run has one.
  let stack: NavigationStack?
  /// The frame.
  var screen: Screen
  /// The rows each screen showed in the last frame, by identity, and where.
  private var lastRows: [RowKey: Int] = [:]

  /// A run whose first table and screen size come from `seed`.
  init(seed: UInt64) {
    var random = SeededRandom(seed: seed)
    tables = FuzzTables(world: world)
    root = TableModelController(
      title: random.chance(0.5) ? "Root" : "", table: tables.table(&random))
    stack = random.chance(0.5) ? NavigationStack(root: root) : nil
    screen = Screen(width: random.small(100), height: random.small(40))
  }

  /// The screen on top, which gets input and table changes.
  var top: TableModelController { stack?.top ?? root }

  /// Whether the program ended.
  var isFinished: Bool { stack?.isFinished ?? root.isFinished }

  /// Applies `event`, draws a frame when it is one, and returns what broke.
  func apply(_ event: FuzzEvent) async -> [String] {
    var before = lastRows
    var answered: String?
    var tailRows: Set<RowKey> = []
    var problems: [String] = []
    switch event {
    case .input(let input):
      if case .resize(let size) = input { screen = Screen(width: size.width, height: size.height) }
      if let stack { stack.handle(input) } else { root.handle(input) }
    case .replaceTable(let seed):
      var random = SeededRandom(seed: seed)
      top.table = tables.table(&random)
    case .insertRows(let section, let at, let count, let seed):
      var random = SeededRandom(seed: seed)
      guard section < top.table.sections.count else { break }
      let rows = (0..<count).map { _ in tables.row(&random) }
      top.table.sections[section].rows.insert(
        contentsOf: rows, at: min(at, top.table.sections[section].rows.count))
    case .deleteRows(let section, let at, let count):
      guard section < top.table.sections.count else { break }
      let rows = top.table.sections[section].rows
      let range = min(at, rows.count)..<min(at + count, rows.count)
      guard !range.contains(where: { Self.isLoaded(rows[$0]) }) else { break }
      top.table.sections[section].rows.removeSubrange(range)
    case .moveRow(let section, let from, let to):
      guard section < top.table.sections.count else { break }
      var rows = top.table.sections[section].rows
      guard from < rows.count, to < rows.count, !Self.isLoaded(rows[from]),
        !Self.isLoaded(rows[to])
      else { break }
      let row = rows.remove(at: from)
      rows.insert(row, at: to)
      top.table.sections[section].rows = rows
    case .changeRow(let section, let row, let seed):
      var random = SeededRandom(seed: seed)
      guard section < top.table.sections.count, row < top.table.sections[section].rows.count,
        !Self.isLoaded(top.table.sections[section].rows[row])
      else { break }
      var changed = tables.row(&random)
      changed.id = top.table.sections[section].rows[row].id
      top.table.sections[section].rows[row] = changed
    case .resetSection(let section, let count, let selecting, let seed):
      guard section < top.table.sections.count else { break }
      var random = SeededRandom(seed: seed)
      let rows = (0..<count).map { _ in tables.row(&random) }
      // The section's loaders start afresh: their numbering too.
      for loader in top.loaderIDs(ofSection: section, in: top.table) { world.forget(loader.id) }
      top.reset(
        section: section, rows: rows, selecting: selecting,
        at: random.pick([.none, .top, .middle, .bottom]))
    case .select(let indexPath):
      top.select(indexPath)
    case .scrollTo(let indexPath, let position):
      top.scrollToRow(at: indexPath, position: position)
    case .reload:
      top.reload()
    case .reloadData:
      top.reloadData()
    case .answer(let loader, let answer):
      // Tasks started or cancelled by the events before run first, as they would while the
      // user waits for a page: loads that began register, cancelled ones end.
      await quiesce()
      let waiting = world.waitingLoaders
      guard !waiting.isEmpty else { break }
      // The screen as it stands when the page arrives, to compare with after: settled, so
      // that no other change (a spinner of another loader starting, say) is still to be drawn.
      problems += drawFrame()
      for _ in 0..<4 where top.needsDisplay || top.tableChanged { problems += drawFrame() }
      before = lastRows
      let id = waiting[loader % waiting.count]
      tailRows = Self.tailRows(of: id, in: top)
      // A page that fails brings its error row on screen when the selection waits next to
      // its spinner: rows may then move, as they do when the selection moves.
      if case .failure = answer, let waiting = Self.rowWaiting(for: id, in: top) {
        tailRows.insert(waiting)
      }
      let streams = Self.streamState(of: top)
      world.answer(id, with: answer)
      // Moves typed past the rows, waiting for a page, go on when it comes: rows then move as
      // the keys move them.
      answered = top.state.scroll.waitingMoves == nil ? id : nil
      await settle(id)
      // Rows a stream brought meanwhile move rows for a reason of their own, not the page's:
      // a screen shown again starts its streams afresh, and their task may get a thread of
      // the pool only now.
      if Self.streamState(of: top) != streams { answered = nil }
    case .feed(let stream, let names):
      guard let id = world.feed(stream: stream, names: names) else { break }
      await settle(stream: id, names: names)
    case .push(let seed):
      var random = SeededRandom(seed: seed)
      stack?.push(
        TableModelController(title: random.pick(FuzzTables.texts), table: tables.table(&random)))
    case .pop:
      stack?.pop()
    case .popToRoot:
      stack?.popToRoot()
    case .frame:
      break
    }
    problems += FuzzInvariants.state(of: top, world: world)
    if case .frame = event {
      problems += drawFrame()
    } else if let answered, !top.isFinished {
      problems += drawFrame()
      // A screen with no column shows no row: where rows would be is not the user's to see.
      guard screen.width > 0 else { return problems }
      problems += FuzzInvariants.rowsStayPut(
        before: before, after: lastRows, in: top, tail: tailRows, loader: answered)
    }
    return problems
  }

  /// The rows each stream of `controller` last gave (their ids), and the streams that failed.
  static func streamState(of controller: TableModelController) -> [String: [String]] {
    var state = controller.live.streamRows.mapValues { rows in
      rows.map { $0.id?.description ?? "" }
    }
    for (id, failure) in controller.live.streamFailures { state["failed " + id] = [failure] }
    return state
  }

  /// Draws a frame, runs its effects, and checks the screen.
  func drawFrame() -> [String] {
    if let stack { stack.render(into: &screen) } else { root.render(into: &screen) }
    lastRows = [:]
    for row in top.shown.rows { lastRows[row.key] = row.frame.y }
    return FuzzInvariants.frame(screen, of: top, world: world)
  }

  /// Lets every task the events started or cancelled run as far as it can without an answer.
  private func quiesce() async {
    for _ in 0..<16 { await Task.yield() }
  }

  /// Waits until the load of `id` has been taken by its screen: a thousand turns of the main
  /// actor, then up to ten seconds more, since the page's task needs a thread of the pool,
  /// which a loaded machine may not give it in a thousand turns.
  private func settle(_ id: String) async {
    for turn in 0..<11_000 {
      let screens = stack?.screens ?? [root]
      let loading = screens.contains { screen in
        let loader: LoaderID = FuzzWorld.isHead(id) ? .head(id) : .tail(id)
        if case .loading? = screen.state.loading.phases[loader] { return true }
        return false
      }
      if !loading { return }
      if turn < 1_000 {
        await Task.yield()
      } else {
        try? await Task.sleep(for: .milliseconds(1))
      }
    }
    world.violations.append("the load of \(id) was answered but never finished")
  }

  /// Waits until the screen that iterates stream `id`, if any, has taken `names` (or the
  /// error, for `nil`), so that a replay sees the same screens.
  private func settle(stream id: String, names: [String]?) async {
    for _ in 0..<1_000 {
      let screens = stack?.screens ?? [root]
      guard let screen = screens.first(where: { $0.live.streamTasks[id] != nil }) else { return }
      let taken =
        if let names {
          screen.live.streamRows[id]?.compactMap(\.id?.description) == names
        } else {
          screen.live.streamFailures[id] != nil
        }
      if taken { return }
      await Task.yield()
    }
  }

  /// Ends the run: the program quits and every load is cancelled.
  func end() async {
    if let stack { stack.finish() } else { root.finish() }
    for _ in 0..<20 { await Task.yield() }
  }

  /// The screen framed, and the state around the selection, for a failure report.
  func describe() -> String {
    let controller = top
    let lines = screen.lines.prefix(30).map { "  │\(String($0.prefix(60)))│" }.joined(
      separator: "\n")
    let rows = controller.state.layout.table.sections.map(\.rows.count)
    let selected = controller.state.selection.row.map { selection in
      let position = controller.state.layout.position(of: .row(selection))
      return "key \(controller.state.layout.table.key(at: selection)) at line "
        + "\(controller.state.layout.offset(ofPosition: position)) height "
        + "\(controller.state.layout.knownHeight(ofPosition: position))"
    }
    return """
      Screen \(screen.width)x\(screen.height), rows per section \(rows), selection \(
        String(describing: controller.state.selection.row)), offset \(controller.scrollOffset), \
      anchor \(controller.state.scroll.anchor), selected \(selected ?? "-"), \
      table height \(controller.state.tableHeight), content \(controller.state.layout.contentHeight), \
      visible rows \(controller.shown.rows.map { "\($0.key)@\($0.frame.y)" }):
      \(lines)
      """
  }

  /// The rows a page of loader `id` changes in place: its spinner or error row, and the row
  /// before it, whose trailing separator can come and go with it.
  static func tailRows(of id: String, in controller: TableModelController) -> Set<RowKey> {
    let table = controller.state.layout.table
    var keys: Set<RowKey> = []
    let loader: LoaderID = FuzzWorld.isHead(id) ? .head(id) : .tail(id)
    for tag in [TableModelController.loadingRowTag, TableModelController.loadErrorRowTag] {
      let key = RowKey.id(RowID("\(tag).\(loader)"))
      keys.insert(key)
      if let indexPath = table.indexPath(of: key), indexPath.row > 0 {
        keys.insert(table.key(at: IndexPath(row: indexPath.row - 1, section: indexPath.section)))
      }
    }
    return keys
  }

  /// The selected row, when it is the one next to the spinner of loader `id` (above a tail
  /// loader's, below a head loader's), where the user waits for its page.
  static func rowWaiting(for id: String, in controller: TableModelController) -> RowKey? {
    let table = controller.state.layout.table
    let head = FuzzWorld.isHead(id)
    let loader: LoaderID = head ? .head(id) : .tail(id)
    let spinner = RowKey.id(RowID("\(TableModelController.loadingRowTag).\(loader)"))
    guard let selection = controller.state.selection.row, let path = table.indexPath(of: spinner),
      selection == IndexPath(row: path.row + (head ? 1 : -1), section: path.section)
    else { return nil }
    return table.key(at: selection)
  }

  /// Whether `row` came from a loader, which the app's edits leave alone so that the test can
  /// check that every loaded row arrives once, in order.
  static func isLoaded(_ row: Row) -> Bool {
    guard let id = row.id?.description, let mark = id.firstIndex(of: "#") else { return false }
    let loader = id[..<mark]
    return (loader.first == "L" || loader.first == "H") && loader.dropFirst().allSatisfy(\.isNumber)
      && !loader.dropFirst().isEmpty
  }
}
