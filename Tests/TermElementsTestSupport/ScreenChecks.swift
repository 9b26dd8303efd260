import TermElements

/// What every drawn screen must be, whatever was drawn on it: the invariants the fuzz tests
/// check after each frame.
///
/// ```swift
/// var screen = Screen(width: 20, height: 3)
/// screen.render(table)
/// #expect(ScreenChecks.lines(of: screen).isEmpty)
/// ```
public enum ScreenChecks {
  /// What is wrong with the lines of `screen`: a line that takes more or fewer columns than the
  /// width, a control character in a cell, and (with `wholeWideCharacters`) a wide character
  /// split at the right edge or a continuation cell with no wide character before it.
  public static func lines(of screen: Screen, wholeWideCharacters: Bool = true) -> [String] {
    var problems: [String] = []
    for y in 0..<screen.height {
      var columns = 0
      for x in 0..<screen.width {
        let cell = screen[x, y]
        columns += Int(cell.width)
        if wholeWideCharacters {
          switch cell.width {
          case 2:
            if x + 1 >= screen.width || screen[x + 1, y].width != 0 {
              problems.append("line \(y): a wide character at \(x) is split")
            }
          case 0:
            if x == 0 || screen[x - 1, y].width != 2 {
              problems.append("line \(y): a lone continuation cell at \(x)")
            }
          default:
            break
          }
        }
        if cell.character.unicodeScalars.contains(where: {
          $0.value < 0x20 || (0x7F..<0xA0).contains($0.value)
        }) {
          problems.append("line \(y): a control character at \(x)")
        }
      }
      if columns != screen.width {
        problems.append("line \(y) takes \(columns) columns of \(screen.width)")
      }
    }
    return problems
  }
}
