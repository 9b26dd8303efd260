import CNcursesw
import Glibc
import TermElements

/// What ncurses holds for the window: the terminal as the next `doupdate()` leaves it, read
/// back through `mvwin_wch` and `getcchar`, so that tests can compare it with the frames drawn.
extension CursesScreen {
  /// Each line of the window as text, as ``Screen/lines`` shows a frame: a wide character
  /// once, a character with its combining marks as one.
  var windowLines: [String] {
    (0..<size.height).map { windowCharacters(line: $0).map(\.text).joined() }
  }

  /// The style of each character of line `y` of the window, as ``windowLines`` lists them.
  func windowStyles(line y: Int) -> [Style] {
    windowCharacters(line: y).map(\.style)
  }

  /// The cells of line `y` of the window, each with its characters and style; the column after
  /// a wide character is skipped, as a terminal shows it.
  private func windowCharacters(line y: Int) -> [(text: String, style: Style)] {
    var found: [(text: String, style: Style)] = []
    var x = 0
    let width = size.width
    while x < width {
      var complex = cchar_t()
      guard mvwin_wch(window, Int32(y), Int32(x), &complex) == OK else { break }
      var characters = [wchar_t](repeating: 0, count: Int(te_ccharw_max()) + 1)
      var attributes = attr_t()
      var pair: Int16 = 0
      getcchar(&complex, &characters, &attributes, &pair, nil)
      var text = ""
      for value in characters.prefix(while: { $0 != 0 }) {
        text.unicodeScalars.append(Unicode.Scalar(UInt32(bitPattern: value)) ?? "\u{FFFD}")
      }
      found.append((text.isEmpty ? " " : text, style(attributes, pair: pair)))
      x += max(1, Int(te_wcwidth(characters[0])))
    }
    return found
  }

  /// The style of ncurses attributes and a colour pair.
  private func style(_ attributes: attr_t, pair: Int16) -> Style {
    var shown = Style()
    let names: [(attr_t, TextAttributes)] = [
      (te_a_bold(), .bold), (te_a_dim(), .dim), (te_a_reverse(), .reverse),
      (te_a_underline(), .underline),
    ]
    for (bit, attribute) in names where attributes & bit != 0 { shown.attributes.insert(attribute) }
    var foreground: Int16 = -1
    var background: Int16 = -1
    if pair > 0 { pair_content(pair, &foreground, &background) }
    shown.foreground = foreground >= 0 ? .palette(UInt8(foreground)) : nil
    shown.background = background >= 0 ? .palette(UInt8(background)) : nil
    return shown
  }
}
