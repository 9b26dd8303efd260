import Glibc
import TermElements

@testable import TermElementsCurses

/// A ``CursesScreen`` for tests: an `xterm-256color` in a UTF-8 locale, writing to a
/// temporary file and reading from a pipe, at a size of the test's choosing.
///
/// ```swift
/// let bytes = try TestTerminal.with(width: 10, height: 2) { terminal in
///   terminal.draw(frame)
///   #expect(terminal.windowLines == frame.lines)
/// }
/// ```
struct TestTerminal {
  /// The signals whose handlers `newterm` takes when they are at their defaults, and puts back
  /// nowhere; ``with(width:height:_:)`` puts them back itself.
  private static let signalsNcursesTakes = [SIGINT, SIGTERM, SIGTSTP, SIGWINCH]

  /// Runs `body` with a screen of `width` x `height`, then gives the terminal back and returns
  /// every byte ncurses wrote, from setting the terminal up to giving it back.
  @discardableResult
  static func with(
    width: Int, height: Int, _ body: (CursesScreen) throws -> Void
  ) throws -> [UInt8] {
    setenv("LC_ALL", "C.UTF-8", 1)
    var saved = Array(repeating: sigaction(), count: signalsNcursesTakes.count)
    for (index, signal) in signalsNcursesTakes.enumerated() {
      sigaction(signal, nil, &saved[index])
    }
    defer {
      for (index, signal) in signalsNcursesTakes.enumerated() {
        sigaction(signal, &saved[index], nil)
      }
    }
    guard let output = tmpfile() else { throw TestTerminalError.cannotOpen }
    defer { fclose(output) }
    var input: [Int32] = [-1, -1]
    guard pipe(&input) == 0 else { throw TestTerminalError.cannotOpen }
    defer { for descriptor in input { close(descriptor) } }
    let screen = try CursesScreen(terminalType: "xterm-256color", output: output, input: input[0])
    defer { screen.restore() }
    screen.resize(to: Size(width: width, height: height))
    try body(screen)
    screen.restore()
    return bytes(of: output)
  }

  /// Everything written to `file`.
  private static func bytes(of file: UnsafeMutablePointer<FILE>) -> [UInt8] {
    fflush(file)
    rewind(file)
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = fread(&buffer, 1, buffer.count, file)
      if count <= 0 { break }
      bytes.append(contentsOf: buffer[0..<count])
    }
    return bytes
  }
}

/// A test terminal that could not be set up.
enum TestTerminalError: Error {
  /// The temporary output file or the input pipe could not be made.
  case cannotOpen
}

extension Screen {
  /// A screen of `width` x `height` with `lines` written from the top left, in `style`.
  static func with(
    width: Int, height: Int, lines: [String], style: Style = .plain
  ) -> Screen {
    var screen = Screen(width: width, height: height)
    screen.draw { canvas in
      for (y, line) in lines.enumerated() {
        canvas.write(line, at: Point(x: 0, y: y), style: style)
      }
    }
    return screen
  }

  /// The style of each character of line `y`, as ``lines`` lists them, as a terminal with
  /// 256 colours shows it.
  func styles(line y: Int) -> [Style] {
    (0..<width).map { self[$0, y] }.filter { !$0.isContinuation }.map {
      let shown = $0.style.degraded(to: .palette256)
      return Style(
        foreground: shown.foreground, background: shown.background, attributes: shown.attributes)
    }
  }
}
