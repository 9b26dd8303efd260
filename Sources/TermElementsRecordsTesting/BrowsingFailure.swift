/// A browsing case that did not go as expected: which case, at which step, what was expected
/// and what was found, and the terminal as it was then, line by line.
///
/// Its ``description`` is the report to print: the screen's lines are framed by `|` so that
/// blanks at their ends show.
public struct BrowsingFailure: Hashable, Sendable, CustomStringConvertible {
  /// The name of the case.
  public var caseName: String
  /// What was expected, with the keys pressed to get there.
  public var expected: String
  /// What was found instead.
  public var found: String
  /// The terminal's lines when the case found it, each padded to its width.
  public var screen: [String]

  /// A failure of case `caseName`.
  public init(caseName: String, expected: String, found: String, screen: [String]) {
    self.caseName = caseName
    self.expected = expected
    self.found = found
    self.screen = screen
  }

  /// The case, what was expected, what was found, and the screen.
  public var description: String {
    var text = "[\(caseName)] expected \(expected)"
    if !found.isEmpty { text += "; found \(found)" }
    text += "\n  screen:"
    if screen.isEmpty { text += " (no lines)" }
    for line in screen { text += "\n  |\(line)|" }
    return text
  }
}
