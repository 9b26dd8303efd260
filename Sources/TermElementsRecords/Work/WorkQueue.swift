import TermElements

/// The work of a screen, one piece at a time: the work under way and its task, the steps that
/// wait their turn, cancellation, which work is current, tasks beside it, and the spinner that
/// turns while work runs or a page loads.
///
/// Work started in place of the work under way cancels it, and the outcome of the work
/// replaced is dropped: only the current work finishes. Steps that wait (keys typed ahead, a
/// jump asked for during a sort) run in the order they came once the work under way is done,
/// each on what the one before left, until one starts work of its own; an error or a
/// cancellation drops them.
@MainActor
final class WorkQueue {
  /// What the status line says of the work under way.
  struct Work: Equatable, Sendable {
    /// What the work does, such as `searching for “x”`.
    var description: String
    /// Whether it changes what the screen shows (a sort or a filter), rather than where it is.
    var changesView = false
    /// Records it read so far, for a search.
    var read = 0
  }

  /// The work under way, if any.
  private(set) var current: Work?
  /// The spinner: it turns a quarter each quarter second while work runs or a page loads.
  private(set) var spinner = Spinner()
  /// The screen the work is for: it draws again when the work changes, and its pages keep the
  /// spinner turning.
  private weak var screen: TableModelController?
  /// Whether the spinner turns: the status line shows it.
  private let spins: Bool
  /// The task of the work under way.
  private var task: Task<Void, Never>?
  /// The steps that wait for the work under way, in the order they came.
  private var waiting: [@MainActor () -> Void] = []
  /// Counts the work started, to tell the current work from work replaced.
  private var started = 0
  /// The tasks that run beside the work (a count, a list read again), by number, and whether
  /// ``waitUntilIdle()`` waits for them.
  private var beside: [Int: (task: Task<Void, Never>, awaited: Bool)] = [:]
  /// Counts the tasks started beside the work, to name them apart.
  private var besideCount = 0
  /// Turning the spinner, while work runs or a page loads.
  private var spinning: Task<Void, Never>?

  /// Makes the queue of `screen`, whose status line shows the spinner when `spins` is true.
  init(for screen: TableModelController, spins: Bool = true) {
    self.screen = screen
    self.spins = spins
  }

  /// Whether work is under way: steps asked for now wait their turn.
  var isBusy: Bool { current != nil }

  /// Starts `body` as the work under way, which the status line describes as `work`, in
  /// place of the work under way, if any (cancelled, its outcome dropped); the steps that wait
  /// stay waiting, for their turn after it. When it ends, current, `finish` gets the error it
  /// threw (a `CancellationError` when cancelled), or `nil`.
  func start(
    _ work: Work, _ body: @escaping @MainActor () async throws -> Void,
    then finish: @escaping @MainActor (_ error: (any Error)?) -> Void = { _ in }
  ) {
    task?.cancel()
    started += 1
    let number = started
    current = work
    task = Task { @MainActor [weak self] in
      var failure: (any Error)?
      do {
        try await body()
      } catch {
        failure = error
      }
      // Work that was replaced says nothing.
      guard let self, self.started == number else { return }
      self.task = nil
      self.current = nil
      finish(failure)
      // What waited is dropped after an error, being meant for what did not come.
      if failure != nil { self.waiting = [] }
      while self.current == nil, !self.waiting.isEmpty {
        self.waiting.removeFirst()()
      }
      self.screen?.setNeedsDisplay()
    }
    spin()
    screen?.setNeedsDisplay()
  }

  /// Runs `step` once the work under way is done, after the steps that came before it.
  func later(_ step: @escaping @MainActor () -> Void) {
    waiting.append(step)
  }

  /// Says `description` of the work under way from now on.
  func describe(_ description: String) {
    current?.description = description
    screen?.setNeedsDisplay()
  }

  /// Notes that the work under way read `read` records so far.
  func note(read: Int) {
    current?.read = read
    screen?.setNeedsDisplay()
  }

  /// Cancels the work under way, if any, and drops the steps that wait; the work still
  /// finishes, with the error it throws once cancelled.
  func cancel() {
    waiting = []
    task?.cancel()
    task = nil
    current = nil
  }

  /// Runs `body` beside the work, not described in the status line and never cancelled by it,
  /// such as a count; ``waitUntilIdle()`` waits for it.
  func runBeside(_ body: @escaping @MainActor () async -> Void) {
    run(body, awaited: true)
  }

  /// Runs `body` beside the work as ``runBeside(_:)`` does, but ``waitUntilIdle()`` does not
  /// wait for it: it watches what may last long, such as a source indexing a file in the
  /// background.
  func watch(_ body: @escaping @MainActor () async -> Void) {
    run(body, awaited: false)
  }

  /// Runs `body` beside the work, as a task that ``waitUntilIdle()`` waits for when `awaited`.
  private func run(_ body: @escaping @MainActor () async -> Void, awaited: Bool) {
    besideCount += 1
    let number = besideCount
    let task = Task { @MainActor [weak self] in
      await body()
      self?.beside[number] = nil
    }
    beside[number] = (task, awaited)
  }

  /// Waits until the tasks beside the work, those watching too, are done, for tests.
  func waitForWatches() async {
    while let next = beside.values.first {
      await next.task.value
    }
  }

  /// Turns the spinner every quarter of a second while work runs or a page of the screen
  /// loads, drawing the screen again each time; it stops, and shows nothing, when neither
  /// does. Work starts it; the screen starts it as a page starts loading.
  func spin() {
    guard spins, spinning == nil else { return }
    spinsStarted += 1
    spinning = Task { @MainActor [weak self] in
      while true {
        try? await Task.sleep(for: .milliseconds(250))
        guard let self else { return }
        guard self.current != nil || self.screen?.isFetchingPage == true else {
          self.spinner.stop()
          self.spinning = nil
          self.screen?.setNeedsDisplay()
          return
        }
        self.spinner.turn()
        self.screen?.setNeedsDisplay()
      }
    }
  }

  /// Whether the spinner is turning, for tests.
  var isSpinning: Bool { spinning != nil }

  /// How many times the spinner was started, for tests that check what starts it.
  private(set) var spinsStarted = 0

  /// Waits until the work under way, the steps that wait, the tasks beside them and the pages
  /// of the screen loading are done, for tests and scripts.
  func waitUntilIdle() async {
    while true {
      if let task {
        await task.value
      } else if let next = beside.values.first(where: \.awaited) {
        await next.task.value
      } else if let screen, screen.isFetchingPage {
        await screen.waitForLoads()
      } else {
        return
      }
    }
  }
}
