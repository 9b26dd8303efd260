/// One capture of a tmux pane: its lines from top to bottom, without trailing spaces.
///
/// Its description frames the lines, so that a failed wait shows the screen as it was.
struct PaneCapture: CustomStringConvertible, Sendable {
  /// The pane's lines; a screen capture has one per terminal line.
  let lines: [String]

  /// The bottom line, where `list-demo` shows its status.
  var statusLine: String { lines.last ?? "" }

  /// What the status line says, as in ` Row 20: Ken Thompson — Enter chooses, q quits  20/10000`.
  var status: ListDemoStatus? { ListDemoStatus(statusLine) }

  /// Whether any line contains `text`.
  func contains(_ text: String) -> Bool {
    lines.contains { $0.contains(text) }
  }

  /// Whether a line above the status line shows row `number` with `name`, as `list-demo` draws
  /// rows: the right-aligned number, a space, then the name.
  func showsRow(_ number: Int, named name: String) -> Bool {
    lines.dropLast().contains { line in
      line.drop { $0 == " " }.hasPrefix("\(number) \(name)")
    }
  }

  /// The numbers of the rows on screen, top to bottom: lines that start with a number and a
  /// space, other than section footers ("1000 rows in section 10").
  var rowNumbers: [Int] {
    lines.dropLast().compactMap { line in
      guard !line.contains(" rows in section "),
        let match = line.prefixMatch(of: /\s*(\d+) \S/)
      else { return nil }
      return Int(match.1)
    }
  }

  /// Whether this is a whole, coherent `list-demo` frame: a status line whose selected row is
  /// on screen, the rows in order without gaps or repeats, and the title of the stretchy header
  /// in the top three lines (it shrinks to one line but stays).
  var isCoherentListDemoFrame: Bool {
    guard let status, showsRow(status.row, named: status.name) else { return false }
    let rows = rowNumbers
    return zip(rows, rows.dropFirst()).allSatisfy { $0 + 1 == $1 }
      && lines.prefix(3).contains { $0.contains("TermElements · \(status.count) rows") }
  }

  /// The pane framed with line numbers.
  var description: String {
    let rule = String(repeating: "-", count: 20)
    let body = lines.enumerated().map { index, line in
      let number = String(index + 1)
      return String(repeating: " ", count: max(0, 2 - number.count)) + number + "|" + line
    }
    return ([rule] + body + [rule]).joined(separator: "\n")
  }
}

/// The parts of `list-demo`'s status line.
struct ListDemoStatus: Equatable, Sendable {
  /// The selected row, counting from 1, from "Row N:".
  let row: Int
  /// The selected row's name.
  let name: String
  /// The row number in the position indicator "N/COUNT".
  let position: Int
  /// The row count in the position indicator.
  let count: Int

  /// Parses a status line, or returns nil when `line` is not one.
  init?(_ line: String) {
    guard
      let match = line.wholeMatch(of: /\s*Row (\d+): (.+?) — .*\s(\d+)\/(\d+)/),
      let row = Int(match.1), let position = Int(match.3), let count = Int(match.4)
    else { return nil }
    self.row = row
    self.name = String(match.2)
    self.position = position
    self.count = count
  }
}
