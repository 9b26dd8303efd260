/// A stack of screens: the top one is shown and gets the input, under a title line that says
/// where the user is, such as `Tables › people › id 6`.
///
/// Push a screen to show it, pop to come back: the screen below returns exactly as it was
/// left, with its scroll position, selection and loaded pages. Esc and ← pop (unless the
/// screen is editing or handles them itself), and `?` pushes a screen listing the keys.
///
/// ```swift
/// let list = TableModelController(title: "People") {
///   Table(rows: ["Ada", "Grace"].map { Row(ElementOfLabel(props: $0)) })
/// }
/// let stack = NavigationStack(root: list)
/// list.onSelect = { row, indexPath in
///   stack.push(TableModelController(title: "Person \(indexPath.row + 1)"))
/// }
/// ```
///
/// `CursesApplication.run(_:)` runs a stack on the terminal; `render(into:)` draws it into a
/// ``Screen`` for tests.
@MainActor
public final class NavigationStack {
  /// The screens, the first at the bottom and the last on top.
  package private(set) var screens: [TableModelController]
  /// Whether the title line shows: always, never, or (`nil`, the default) when there is more
  /// than one screen or the first has a title.
  package var showsTitleLine: Bool?
  /// Called when the stack needs a new frame.
  package var onNeedsDisplay: (@MainActor () -> Void)?
  /// Whether the program should end: a screen finished or failed.
  public private(set) var isFinished = false
  /// The error a screen failed with, if any.
  package private(set) var failure: (any Error)?
  /// Whether a frame was asked for and not drawn yet.
  package private(set) var needsDisplay = true
  /// Texts the screens asked to put on the terminal's clipboard, oldest first, which the front
  /// end writes after the next frame (see ``copyToClipboard(_:)``).
  package internal(set) var clipboardWrites: [String] = []
  /// The screen that has appeared, on top.
  private var shownScreen: TableModelController?
  /// Whether a frame was drawn, after which screens appear as soon as they are on top.
  private var hasStarted = false

  /// Makes a stack with `root` at the bottom.
  public init(root: TableModelController) {
    screens = [root]
    adopt(root)
  }

  /// The screen on top, which is shown and gets the input.
  public var top: TableModelController { screens[screens.count - 1] }

  /// Shows `screen` on top of the others; the one below disappears until it is uncovered.
  public func push(_ screen: TableModelController) {
    guard !screens.contains(where: { $0 === screen }) else { return }
    adopt(screen)
    screens.append(screen)
    if hasStarted { showTop() }
    setNeedsDisplay()
  }

  /// Takes the top screen away, unless it is the only one, and shows the one below as it was.
  public func pop() {
    guard screens.count > 1 else { return }
    discard(screens.removeLast())
    if hasStarted { showTop() }
    setNeedsDisplay()
  }

  /// Takes every screen but the first away.
  public func popToRoot() {
    while screens.count > 1 { discard(screens.removeLast()) }
    if hasStarted { showTop() }
    setNeedsDisplay()
  }

  /// Asks for a new frame; asking again before it is drawn changes nothing.
  package func setNeedsDisplay() {
    guard !needsDisplay else { return }
    needsDisplay = true
    onNeedsDisplay?()
  }

  /// Applies an input event to the top screen; the mouse's lines count from below the title
  /// line.
  public func handle(_ event: InputEvent) {
    let screen = top
    switch event {
    case .mouse(var mouse):
      mouse.point.y -= titleLines
      guard mouse.point.y >= 0 else { return }
      screen.handle(.mouse(mouse))
    case .resize(let newSize):
      screen.handle(
        .resize(Size(width: newSize.width, height: max(0, newSize.height - titleLines))))
    case .key, .tick:
      screen.handle(event)
    }
    setNeedsDisplay()
  }

  /// Draws a frame, painted once: the title line, then the top screen below it. What the
  /// window about to be shown causes, such as ``TableModelController/willDisplay(row:at:)``,
  /// runs first, as ``TableModelController/render(into:)`` does.
  ///
  /// ```swift
  /// let stack = NavigationStack(root: TableModelController(title: "Home"))
  /// var screen = Screen(width: 30, height: 5)
  /// stack.render(into: &screen)
  /// ```
  public func render(into screen: inout Screen) {
    // What the window about to be shown causes runs first, until it changes nothing more;
    // then the frame is painted once. A shown screen with no frame effects is laid out once.
    var prepared = false
    for _ in 0..<TableModelController.effectRounds {
      let top = top
      // The title line, and so the area below it, may follow the table.
      top.rebuildIfChanged()
      top.prepareFrame(in: topArea(of: screen))
      if hasStarted && shownScreen === top && !top.mayHaveFrameEffects {
        prepared = true
        break
      }
      top.announceWindow()
      // The coming frame shows what was applied: only what the effects change asks for more.
      needsDisplay = false
      top.needsDisplay = false
      runEffects()
      guard needsDisplay || top.needsDisplay || top !== self.top else { break }
    }
    drawFrame(into: &screen, prepared: prepared)
  }

  /// Draws a frame from the state alone. `prepared` says the top screen was just made ready
  /// for a frame in ``topArea(of:)`` with nothing run since, so that it is not laid out again.
  package func drawFrame(into screen: inout Screen, prepared: Bool = false) {
    // What the frame applies, it shows: asks for a frame made while drawing are met by it.
    defer { needsDisplay = false }
    // The title line shows the title of the table the frame shows.
    if !prepared { top.rebuildIfChanged() }
    screen.isAnimated = false
    let lines = min(titleLines, screen.height)
    if lines > 0 {
      TitleLine.draw(
        titles: screens.map(\.title).filter { !$0.isEmpty }, glyphs: top.glyphs,
        isBusy: top.isRefreshing, tick: top.tick, into: &screen,
        line: Rect(x: 0, y: 0, width: screen.width, height: 1))
    }
    let titleAnimates = lines > 0 && top.isRefreshing
    top.drawFrame(into: &screen, in: topArea(of: screen), prepared: prepared)
    if titleAnimates { screen.isAnimated = true }
  }

  /// The part of `screen` the top screen draws in: below the title line, if it shows.
  func topArea(of screen: Screen) -> Rect {
    let lines = min(titleLines, screen.height)
    return Rect(x: 0, y: lines, width: screen.width, height: screen.height - lines)
  }

  /// Runs what the last frame caused on the top screen; after the first frame, the first
  /// screen appears.
  package func runEffects() {
    hasStarted = true
    showTop()
    top.runEffects()
  }

  /// Whether a screen is animating, so that the front end should send ticks.
  package var isAnimating: Bool { top.isAnimating || top.isRefreshing }

  /// Lines the title line takes.
  var titleLines: Int {
    let shows = showsTitleLine ?? (screens.count > 1 || !screens[0].title.isEmpty)
    return shows ? 1 : 0
  }

  /// Ends the program: every screen disappears and stops loading.
  package func finish() {
    guard !isFinished else { return }
    isFinished = true
    for screen in screens where !screen.isFinished { screen.finish() }
    shownScreen?.disappear()
    setNeedsDisplay()
  }

  /// Records the error a screen failed with.
  func fail(with error: any Error) {
    if failure == nil { failure = error }
  }

  /// Makes `screen` part of the stack.
  private func adopt(_ screen: TableModelController) {
    screen.host = self
    screen.onNeedsDisplay = { [weak self] in self?.setNeedsDisplay() }
    screen.setNeedsDisplay()
  }

  /// Lets go of a popped screen: it disappears and its loads stop.
  private func discard(_ screen: TableModelController) {
    screen.cancelLoads()
    screen.live.refreshTask?.cancel()
    screen.endEditing(commit: false)
    screen.disappear()
    if shownScreen === screen { shownScreen = nil }
    screen.host = nil
    screen.onNeedsDisplay = nil
  }

  /// Tells the screens which of them is now shown.
  private func showTop() {
    guard shownScreen !== top, !isFinished else { return }
    shownScreen?.disappear()
    shownScreen = top
    top.appear()
  }
}
