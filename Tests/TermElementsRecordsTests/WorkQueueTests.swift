import TermElements
import Testing

@testable import TermElementsRecords

/// The work queue of the records screens: work one piece at a time, steps typed ahead run in
/// order after it, replaced work says nothing, Esc drops what waits, and the spinner turns
/// only while work runs.
@MainActor
@Suite("The work queue")
struct WorkQueueTests {
  /// What the work and the steps did, in the order they did it.
  @MainActor
  final class Log {
    /// The entries, oldest first.
    var entries: [String] = []

    /// Adds `entry`.
    func add(_ entry: String) { entries.append(entry) }
  }

  /// An error some work throws.
  struct Failure: Error {}

  @Test("Steps typed ahead run in order after the work; one that starts work holds the rest")
  func ordering() async throws {
    let queue = WorkQueue(for: TableModelController())
    let log = Log()
    queue.start(.init(description: "first")) {
      try await Task.sleep(for: .milliseconds(20))
      log.add("first")
    }
    #expect(queue.isBusy)
    queue.later { log.add("a") }
    queue.later {
      queue.start(.init(description: "second")) {
        try await Task.sleep(for: .milliseconds(20))
        log.add("second")
      }
    }
    queue.later { log.add("b") }
    await queue.waitUntilIdle()
    #expect(log.entries == ["first", "a", "second", "b"])
    #expect(queue.current == nil)
  }

  @Test("Work started in place of the work under way cancels it, and only the new one finishes")
  func staleness() async throws {
    let queue = WorkQueue(for: TableModelController())
    let log = Log()
    queue.start(.init(description: "old")) {
      try? await Task.sleep(for: .seconds(10))
      log.add(Task.isCancelled ? "old cancelled" : "old done")
    } then: { _ in
      log.add("old finished")
    }
    queue.later { log.add("typed ahead") }
    queue.start(.init(description: "new", changesView: true)) {
      try await Task.sleep(for: .milliseconds(50))
    } then: { error in
      log.add(error == nil ? "new finished" : "new failed")
    }
    #expect(queue.current == .init(description: "new", changesView: true))
    await queue.waitUntilIdle()
    #expect(log.entries == ["old cancelled", "new finished", "typed ahead"])
  }

  @Test("Cancelling stops the work and drops what waits; the work ends cancelled")
  func cancellation() async throws {
    let queue = WorkQueue(for: TableModelController())
    let log = Log()
    queue.start(.init(description: "slow")) {
      try await Task.sleep(for: .seconds(10))
    } then: { error in
      log.add(error is CancellationError ? "cancelled" : "not cancelled")
    }
    queue.later { log.add("typed ahead") }
    queue.cancel()
    #expect(!queue.isBusy)
    await queue.waitUntilIdle()
    while log.entries.isEmpty { await Task.yield() }
    #expect(log.entries == ["cancelled"])
  }

  @Test("An error drops what waits, which was meant for what did not come")
  func errorDropsTheSteps() async throws {
    let queue = WorkQueue(for: TableModelController())
    let log = Log()
    queue.start(.init(description: "failing")) {
      throw Failure()
    } then: { error in
      log.add(error is Failure ? "failed" : "?")
    }
    queue.later { log.add("typed ahead") }
    await queue.waitUntilIdle()
    #expect(log.entries == ["failed"])
  }

  @Test("The description and the records read change the work under way only")
  func describing() async throws {
    let queue = WorkQueue(for: TableModelController())
    queue.note(read: 5)
    #expect(queue.current == nil)
    queue.start(.init(description: "sorting")) { try await Task.sleep(for: .milliseconds(20)) }
    queue.describe("sorting (a slow sort)")
    queue.note(read: 1_000)
    #expect(queue.current == .init(description: "sorting (a slow sort)", read: 1_000))
    await queue.waitUntilIdle()
    #expect(queue.current == nil)
  }

  @Test("Tasks beside the work are waited for, and do not make the queue busy")
  func beside() async throws {
    let queue = WorkQueue(for: TableModelController())
    let log = Log()
    queue.runBeside {
      try? await Task.sleep(for: .milliseconds(30))
      log.add("counted")
    }
    #expect(!queue.isBusy)
    await queue.waitUntilIdle()
    #expect(log.entries == ["counted"])
  }

  @Test("A watch runs beside the work until it is done, and the queue is idle meanwhile")
  func watch() async throws {
    let queue = WorkQueue(for: TableModelController())
    let log = Log()
    queue.watch {
      while !log.entries.contains("indexed") { try? await Task.sleep(for: .milliseconds(10)) }
      log.add("counted again")
    }
    await queue.waitUntilIdle()
    #expect(log.entries.isEmpty)
    log.add("indexed")
    await queue.waitForWatches()
    #expect(log.entries == ["indexed", "counted again"])
  }

  @Test("The spinner turns while work runs, and stops and shows nothing once it is done")
  func spinnerTurnsWhileWorkRuns() async throws {
    let queue = WorkQueue(for: TableModelController())
    let log = Log()
    queue.start(.init(description: "slow")) {
      while !log.entries.contains("done") { try await Task.sleep(for: .milliseconds(10)) }
    }
    #expect(queue.isSpinning)
    #expect(queue.spinner.text == "")
    // Waited for rather than timed: a loaded machine may turn it late, never not at all.
    try await Self.wait(until: { queue.spinner.turns > 0 })
    #expect(queue.spinner.turns > 0)
    log.add("done")
    await queue.waitUntilIdle()
    try await Self.wait(until: { !queue.isSpinning })
    #expect(queue.spinner == Spinner())
    #expect(!queue.isSpinning)
  }

  @Test("Quick work shows no spinner; a queue whose screen shows none never turns one")
  func noSpinner() async throws {
    let quick = WorkQueue(for: TableModelController())
    let started = ContinuousClock.now
    quick.start(.init(description: "quick")) {}
    let silent = WorkQueue(for: TableModelController(), spins: false)
    silent.start(.init(description: "slow")) { try await Task.sleep(for: .milliseconds(400)) }
    #expect(!silent.isSpinning)
    await quick.waitUntilIdle()
    let took = ContinuousClock.now - started
    try await Self.wait(until: { !quick.isSpinning })
    // Work done before the first quarter second never shows a turn (on a loaded machine the
    // empty work may take longer, and then one turn is right).
    if took < .milliseconds(200) { #expect(quick.spinner.turns == 0) }
    #expect(quick.spinner == Spinner())
    #expect(!quick.isSpinning)
    await silent.waitUntilIdle()
    #expect(silent.spinner.turns == 0)
    #expect(!silent.isSpinning)
  }

  /// Waits until `condition` holds, or a minute has passed: the spinner sleeps on the shared
  /// pool, which tests that keep both cores busy can hold for many seconds.
  static func wait(until condition: () -> Bool) async throws {
    let deadline = ContinuousClock.now + .seconds(60)
    while !condition() && ContinuousClock.now < deadline {
      try await Task.sleep(for: .milliseconds(10))
    }
  }

  @Test("The spinner's glyphs, a quarter turn each")
  func glyphs() {
    var spinner = Spinner()
    var shown = [spinner.text]
    for _ in 0..<4 {
      spinner.turn()
      shown.append(spinner.text)
    }
    spinner.stop()
    shown.append(spinner.text)
    #expect(shown == ["", "/ ", "- ", "\\ ", "| ", ""])
  }

  @Test("Drawing the status line while a page loads starts no task; the load starts the spinner")
  func drawingStartsNoTask() async throws {
    let records = (1...40).map { [CellValue.integer(Int64($0))] }
    let source = MemoryRecordSource(name: "log", columns: ["n"], records: records, keyColumns: [0])
    let screen = try await RecordsScreen.open(source, count: .exact(40), pageSize: 5)
    #expect(!screen.work.isSpinning)
    var frame = Screen(width: 30, height: 12)
    screen.render(into: &frame)
    #expect(screen.isFetchingPage)
    #expect(screen.statusText().hasSuffix(" · loading…"))
    screen.render(into: &frame)
    #expect(!screen.work.isSpinning)
    #expect(screen.work.spinsStarted == 0)
    // The page, as it starts loading, starts the spinner, which stops once no page loads.
    // (Counted, not seen turning: on a loaded machine the page may outlast its first turn.)
    await screen.waitForLoads()
    #expect(screen.work.spinsStarted == 1)
    await screen.waitUntilIdle()
    try await Task.sleep(for: .milliseconds(300))
    screen.render(into: &frame)
    #expect(!screen.work.isSpinning)
    #expect(screen.work.spinner.turns == 0)
  }
}
