/// Copying to the clipboard of the terminal, wherever it is: the front end writes an OSC 52
/// sequence (``ClipboardSequence``), which the terminal, and tmux and ssh on the way, carry to
/// the clipboard of the machine the user sits at.
extension NavigationStack {
  /// Asks the front end to put `text` on the terminal's clipboard after the next frame; a
  /// test reads it from ``clipboardWrites``.
  package func copyToClipboard(_ text: String) {
    clipboardWrites.append(text)
    setNeedsDisplay()
  }

  /// The texts asked for since the last call, oldest first, which the front end writes.
  package func takeClipboardWrites() -> [String] {
    defer { clipboardWrites = [] }
    return clipboardWrites
  }
}
