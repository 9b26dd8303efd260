import CNcursesw
import TermElements
import Testing

@testable import TermElementsCurses

/// What `wget_wch` returns, turned into events: `KEY_CODE_YES` with a key code, or `OK` with a
/// character.
@Suite("The input decoder")
struct InputDecoderTests {
  /// The event for a function key, with no mouse event waiting.
  private func functionKey(_ code: Int32, mouse: () -> MouseEvent? = { nil }) -> InputEvent? {
    InputDecoder.event(result: KEY_CODE_YES, code: wint_t(code), mouse: mouse)
  }

  /// The event for a character.
  private func character(_ value: UInt32) -> InputEvent? {
    InputDecoder.event(result: OK, code: wint_t(value), mouse: { nil })
  }

  @Test("Every function key it knows becomes its key")
  func functionKeys() {
    let keys: [(Int32, Key)] = [
      (KEY_UP, .up), (KEY_DOWN, .down), (KEY_LEFT, .left), (KEY_RIGHT, .right),
      (KEY_PPAGE, .pageUp), (KEY_NPAGE, .pageDown),
      (KEY_HOME, .home), (KEY_FIND, .home), (KEY_A1, .home),
      (KEY_END, .end), (KEY_SELECT, .end), (KEY_C1, .end),
      (KEY_ENTER, .enter), (KEY_BACKSPACE, .backspace), (KEY_DC, .delete),
    ]
    #expect(keys.map { functionKey($0.0) } == keys.map { .key($0.1) })
  }

  @Test("Function keys it does not know, and a resize, give no event")
  func unknownFunctionKeys() {
    let unknown = [
      KEY_F0 + 1, KEY_F0 + 12, KEY_IC, KEY_B2, KEY_A3, KEY_C3, KEY_BTAB, KEY_SLEFT, KEY_SRIGHT,
      te_key_resize(), KEY_MAX,
    ]
    #expect(unknown.map { functionKey($0) } == unknown.map { _ in nil })
  }

  @Test("A mouse event comes from the closure, only for KEY_MOUSE")
  func mouse() {
    let click = MouseEvent(kind: .click, at: Point(x: 4, y: 7))
    let wheel = MouseEvent(kind: .wheelDown, at: Point(x: 0, y: 23))
    #expect(functionKey(te_key_mouse()) { click } == .mouse(click))
    #expect(functionKey(te_key_mouse()) { wheel } == .mouse(wheel))
    #expect(functionKey(te_key_mouse()) { nil } == nil)
    var asked = 0
    _ = functionKey(KEY_UP) {
      asked += 1
      return click
    }
    _ = InputDecoder.event(
      result: OK, code: wint_t(te_key_mouse()),
      mouse: {
        asked += 1
        return click
      })
    #expect(asked == 0)
  }

  @Test("Enter, Escape, Tab and Backspace, in both their codes")
  func namedControls() {
    let named: [(UInt32, Key)] = [
      (10, .enter), (13, .enter), (27, .escape), (9, .tab), (8, .backspace), (127, .backspace),
    ]
    #expect(named.map { character($0.0) } == named.map { .key($0.1) })
  }

  @Test("Other control characters are Ctrl and a letter")
  func controlLetters() {
    let codes: [UInt32] = [
      1, 2, 3, 4, 5, 6, 7, 11, 12, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26,
    ]
    let letters: [Character] = Array("abcdefgklnopqrstuvwxyz")
    #expect(codes.map(character) == letters.map { .key(.control($0)) })
  }

  @Test("NUL and the controls past Ctrl-Z give no event")
  func unmappedControls() {
    #expect([0, 28, 29, 30, 31].map(character) == [nil, nil, nil, nil, nil])
  }

  @Test("C1 controls and values that are no Unicode scalar give no event")
  func c1AndInvalid() {
    let c1 = Array(UInt32(0x80)...0x9F)
    #expect(c1.map(character) == c1.map { _ in nil })
    let invalid: [UInt32] = [0xD800, 0xDBFF, 0xDC00, 0xDFFF, 0x11_0000, 0xFFFF_FFFF]
    #expect(invalid.map(character) == invalid.map { _ in nil })
  }

  @Test("Printable characters are themselves")
  func printable() {
    let text = " ~jq0é中😀\u{A0}\u{FFFD}\u{10FFFD}"
    let values = text.unicodeScalars.map(\.value)
    #expect(values.map(character) == text.map { .key(.character($0)) })
  }
}
