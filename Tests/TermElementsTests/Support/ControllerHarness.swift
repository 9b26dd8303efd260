import Testing

@testable import TermElements

/// Drives a controller like a terminal would: keys in, a frame out.
@MainActor
struct Harness {
  /// The controller under test.
  let controller: TableModelController
  /// The last frame.
  private(set) var screen: Screen

  /// A harness with a screen of `width` × `height`, which draws the first frame.
  init(_ controller: TableModelController, width: Int, height: Int) {
    self.controller = controller
    screen = Screen(width: width, height: height)
    controller.render(into: &screen)
  }

  /// Applies the events, then draws one frame.
  @discardableResult
  mutating func send(_ events: InputEvent...) -> Screen {
    for event in events { controller.handle(event) }
    controller.render(into: &screen)
    return screen
  }

  /// Presses the keys, then draws one frame.
  @discardableResult
  mutating func press(_ keys: Key...) -> Screen {
    for key in keys { controller.handle(.key(key)) }
    controller.render(into: &screen)
    return screen
  }

  /// Types a string character by character, then draws one frame.
  @discardableResult
  mutating func type(_ text: String) -> Screen {
    for character in text { controller.handle(.key(.character(character))) }
    controller.render(into: &screen)
    return screen
  }

  /// Resizes the screen and draws one frame.
  @discardableResult
  mutating func resize(width: Int, height: Int) -> Screen {
    controller.handle(.resize(Size(width: width, height: height)))
    screen = Screen(width: width, height: height)
    controller.render(into: &screen)
    return screen
  }

  /// The lines of the last frame with the status line left out.
  var tableLines: [String] { Array(screen.lines.dropLast()) }

  /// The status line of the last frame.
  var statusLine: String { screen.lines.last ?? "" }
}

/// Draws frames and lets every page land until nothing loads, no move waits for rows and no
/// frame is due: the screen as a terminal's run loop leaves it (a render draws at most three
/// frames).
@MainActor
func settleMoves(_ harness: inout Harness) async {
  for _ in 0..<10_000 {
    harness.send()
    let controller = harness.controller
    guard
      controller.isFetchingPage || controller.state.scroll.waitingMoves != nil
        || controller.needsDisplay
    else { return }
    await controller.waitForLoads()
  }
}

/// Expects the frame, status line included, to show exactly `expected`.
func expectFrame(
  _ harness: Harness, _ expected: [String], sourceLocation: SourceLocation = #_sourceLocation
) {
  MainActor.assumeIsolated {
    expectScreen(harness.screen, expected, sourceLocation: sourceLocation)
  }
}

/// Expects a frame, status line included, to show exactly `expected`.
func expectFrame(
  _ screen: Screen, _ expected: [String], sourceLocation: SourceLocation = #_sourceLocation
) {
  expectScreen(screen, expected, sourceLocation: sourceLocation)
}
