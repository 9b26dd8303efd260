/// The text of a field being edited and its cursor, with the usual line-editing keys.
///
/// ```swift
/// var editor = LineEditor(text: "helo")
/// editor.apply(.left)
/// editor.apply(.character("l"))
/// editor.text  // "hello"
/// ```
struct LineEditor: Equatable, Sendable {
  /// The characters.
  private(set) var characters: [Character]
  /// The cursor, from 0 (before the first character) to `characters.count`.
  private(set) var cursor: Int

  /// An editor over `text` with the cursor at its end.
  init(text: String) {
    characters = Array(text)
    cursor = characters.count
  }

  /// The text.
  var text: String { String(characters) }

  /// Applies a key and returns whether it was a line-editing key.
  ///
  /// Characters insert; ←/→ move; Backspace and Delete delete; Ctrl-A and Ctrl-E go to the
  /// start and end; Ctrl-U and Ctrl-K delete to the start and end; Ctrl-W deletes a word back.
  @discardableResult
  mutating func apply(_ key: Key) -> Bool {
    switch key {
    case .character(let character):
      characters.insert(character, at: cursor)
      cursor += 1
    case .left: cursor = max(0, cursor - 1)
    case .right: cursor = min(characters.count, cursor + 1)
    case .home, .control("a"): cursor = 0
    case .end, .control("e"): cursor = characters.count
    case .backspace, .control("h"):
      guard cursor > 0 else { return true }
      characters.remove(at: cursor - 1)
      cursor -= 1
    case .delete, .control("d"):
      guard cursor < characters.count else { return true }
      characters.remove(at: cursor)
    case .control("u"):
      characters.removeSubrange(0..<cursor)
      cursor = 0
    case .control("k"):
      characters.removeSubrange(cursor...)
    case .control("w"):
      var start = cursor
      while start > 0 && characters[start - 1] == " " { start -= 1 }
      while start > 0 && characters[start - 1] != " " { start -= 1 }
      characters.removeSubrange(start..<cursor)
      cursor = start
    default:
      return false
    }
    return true
  }
}
