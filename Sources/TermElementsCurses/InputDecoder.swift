import CNcursesw
import TermElements

/// Turns what `wget_wch` returns into ``InputEvent``s.
enum InputDecoder {
  /// The event for one `wget_wch` result, or `nil` for a key the controller has no use for.
  static func event(result: Int32, code: wint_t, mouse: () -> MouseEvent?) -> InputEvent? {
    if result == KEY_CODE_YES {
      return functionKey(Int32(code), mouse: mouse)
    }
    return character(UInt32(code))
  }

  /// A function key: arrows, paging, the mouse.
  static func functionKey(_ code: Int32, mouse: () -> MouseEvent?) -> InputEvent? {
    let key: Key
    switch code {
    case KEY_UP: key = .up
    case KEY_DOWN: key = .down
    case KEY_LEFT: key = .left
    case KEY_RIGHT: key = .right
    case KEY_PPAGE: key = .pageUp
    case KEY_NPAGE: key = .pageDown
    case KEY_HOME, KEY_FIND, KEY_A1: key = .home
    case KEY_END, KEY_SELECT, KEY_C1: key = .end
    case KEY_ENTER: key = .enter
    case KEY_BACKSPACE: key = .backspace
    case KEY_DC: key = .delete
    case te_key_mouse(): return mouse().map(InputEvent.mouse)
    default: return nil
    }
    return .key(key)
  }

  /// A plain character: control characters become their keys; C1 controls (U+0080–U+009F),
  /// which no key types, and values that are no Unicode scalar give no event.
  static func character(_ value: UInt32) -> InputEvent? {
    switch value {
    case 10, 13: return .key(.enter)
    case 27: return .key(.escape)
    case 9: return .key(.tab)
    case 8, 127: return .key(.backspace)
    case 1...26:
      return .key(.control(Character(Unicode.Scalar(UInt8(value) + 0x60))))
    case 0, 28...31, 0x80...0x9F: return nil
    default:
      guard let scalar = Unicode.Scalar(value) else { return nil }
      return .key(.character(Character(scalar)))
    }
  }
}
