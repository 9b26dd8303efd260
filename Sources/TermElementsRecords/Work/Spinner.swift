/// The spinner of a status line: how many quarter seconds it turned while work ran, and the
/// glyph that shows.
struct Spinner: Equatable, Sendable {
  /// How many quarter seconds the spinner turned: none shows no spinner, so that quick work
  /// never flickers one.
  private(set) var turns = 0

  /// The glyph and a space once it turned, a quarter turn each quarter second: `| `, `/ `,
  /// `- `, `\\ `; nothing before.
  var text: String {
    turns == 0 ? "" : ["|", "/", "-", "\\"][turns % 4] + " "
  }

  /// Turns it a quarter.
  mutating func turn() {
    turns += 1
  }

  /// Stops it: it shows nothing until it turns again.
  mutating func stop() {
    turns = 0
  }
}
