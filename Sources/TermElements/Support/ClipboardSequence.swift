/// The OSC 52 sequence that asks a terminal to put text on its clipboard:
/// `ESC ] 52 ; c ; <the text's UTF-8 in base64> BEL`.
///
/// Terminals that know it (xterm, kitty, iTerm2, WezTerm, foot, Windows Terminal) set the
/// clipboard of the machine the user sits at, over ssh too; tmux passes it on with
/// `set -g set-clipboard on`. A terminal that does not know it ignores it.
package enum ClipboardSequence {
  /// The sequence that puts `text` on the clipboard.
  package static func osc52(_ text: String) -> String {
    "\u{1B}]52;c;" + base64(Array(text.utf8)) + "\u{07}"
  }

  /// `bytes` in base64, with `=` padding and no line breaks.
  package static func base64(_ bytes: [UInt8]) -> String {
    let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
    var out: [UInt8] = []
    out.reserveCapacity((bytes.count + 2) / 3 * 4)
    var index = 0
    while index < bytes.count {
      let count = min(3, bytes.count - index)
      var group = UInt32(bytes[index]) << 16
      if count > 1 { group |= UInt32(bytes[index + 1]) << 8 }
      if count > 2 { group |= UInt32(bytes[index + 2]) }
      for slot in 0..<4 {
        if slot <= count {
          out.append(alphabet[Int((group >> UInt32(18 - 6 * slot)) & 63)])
        } else {
          out.append(UInt8(ascii: "="))
        }
      }
      index += 3
    }
    return String(decoding: out, as: UTF8.self)
  }
}
