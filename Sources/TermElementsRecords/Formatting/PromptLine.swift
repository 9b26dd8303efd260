import TermElements

/// A line the user types into at the bottom of the records screen, as in `less`: `/` for a
/// search, `:` for a record number, `f` for a filter, `c` for a column's name and `e` for the
/// name of a file to export to, which Tab completes. Enter takes it, Esc drops it.
///
/// ```swift
/// var prompt = PromptLine(kind: .search)
/// _ = prompt.handle(.character("A"))
/// _ = prompt.handle(.character("d"))
/// #expect(prompt.handle(.enter) == .done("Ad"))
/// ```
package struct PromptLine: Equatable, Sendable {
  /// What the typed line is for.
  package enum Kind: Equatable, Sendable {
    /// Text to search for.
    case search
    /// A record number to go to.
    case jump
    /// A filter in the source's language.
    case filter
    /// The name of a column to go to, which Tab completes from ``PromptLine/completions``.
    case column
    /// The name of a file to export the records to, relative to ``PromptLine/folder``; Tab
    /// completes it from ``PromptLine/completions``.
    case export
  }

  /// What a key did to the line.
  package enum Outcome: Equatable, Sendable {
    /// The line changed, or the key was ignored; the prompt stays.
    case editing
    /// Enter: the line as typed.
    case done(String)
    /// Esc, or backspace on an empty line: the prompt goes.
    case cancelled
  }

  /// What the line is for.
  package let kind: Kind
  /// The text typed so far.
  package private(set) var text: String

  /// The language of a filter, as the source names it (`SQL WHERE`), for the label.
  package let language: String?

  /// The names Tab completes the typed text to, for a ``Kind/column`` or ``Kind/export`` line.
  package var completions: [String] = []

  /// The folder a relative file name is in, for the label of an ``Kind/export`` line.
  package var folder: String?

  /// The longest line kept, in characters.
  package static let maximumLength = 4_096

  /// An empty prompt of `kind`, or one starting with `text`; a filter's names its `language`.
  package init(kind: Kind, text: String = "", language: String? = nil) {
    self.kind = kind
    self.text = String(text.prefix(Self.maximumLength))
    self.language = language
  }

  /// The words before the typed text.
  package var label: String {
    switch kind {
    case .search: "/"
    case .jump: ":"
    case .filter: "filter (\(language.map { $0 + "; " } ?? "")Ctrl-U clears the line): "
    case .column: "column (Tab completes): "
    case .export:
      "export to .csv .tsv .jsonl (\(folder.map { "relative to " + $0 + "; " } ?? "")Tab completes): "
    }
  }

  /// Applies a key: characters are typed, backspace deletes the last one, Ctrl-U clears the
  /// line, Enter takes it and Esc drops it.
  package mutating func handle(_ key: Key) -> Outcome {
    switch key {
    case .character(let character):
      if text.count < Self.maximumLength { text.append(character) }
    case .tab where kind == .column || kind == .export:
      complete()
    case .tab:
      if text.count < Self.maximumLength { text.append(" ") }
    case .backspace, .delete, .control("h"):
      guard !text.isEmpty else { return .cancelled }
      text.removeLast()
    case .control("u"):
      text = ""
    case .enter:
      return .done(text)
    case .escape, .control("c"), .control("g"):
      return .cancelled
    default:
      break
    }
    return .editing
  }

  /// The names of ``completions`` that start with the typed text, ignoring case.
  package var matches: [String] {
    let typed = text.lowercased()
    return completions.filter { $0.lowercased().hasPrefix(typed) }
  }

  /// Completes the typed text to the longest start that every name of ``matches`` shares,
  /// ignoring case, written as the first of them writes it.
  package mutating func complete() {
    let names = matches
    guard var common = names.first.map(Array.init) else { return }
    for name in names.dropFirst() {
      let shared = zip(common, name).prefix { $0.lowercased() == $1.lowercased() }.count
      common = Array(common.prefix(shared))
    }
    if common.count >= text.count { text = String(common) }
  }

  /// The status line while typing: the label, the text, and a block for the cursor; a long
  /// line shows its end.
  package func statusText(width: Int) -> String {
    var line = label + text + "█"
    if kind == .export {
      let names = matches
      if names.count > 1 {
        let shown = names.prefix(5).map { $0.split(separator: "/").last.map(String.init) ?? $0 }
        line += "  " + shown.joined(separator: ", ") + (names.count > 5 ? ", …" : "")
      }
    } else if kind == .column {
      let names = matches
      if names.isEmpty {
        line += "  no column starts so"
      } else if names.count > 1 {
        line += "  " + names.prefix(5).joined(separator: ", ") + (names.count > 5 ? ", …" : "")
      }
    }
    let room = max(1, width - 2)
    guard line.terminalWidth > room else { return line }
    var tail = ""
    for character in line.reversed() {
      guard (String(character) + tail).terminalWidth <= room - 1 else { break }
      tail = String(character) + tail
    }
    return "…" + tail
  }
}
