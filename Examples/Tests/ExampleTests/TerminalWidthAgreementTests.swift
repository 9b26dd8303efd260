import Foundation
import Testing

@testable import TermElements

/// Text whose width the terminal must agree with: each string is printed alone on a line, as
/// TermElements would draw it, and the terminal's cursor column after it is compared with the
/// width TermElements computes.
private let widthCorpus: [String] = [
  // ASCII, Latin with combining marks, Greek, Cyrillic.
  "plain ASCII", "e\u{301}te\u{301}", "x\u{301}\u{302}\u{303}", "Ελληνικά", "Кириллица",
  // CJK, fullwidth and Hangul, precomposed and spelled with conjoining jamo.
  "日本語", "中文字", "Ｆｕｌｌ", "한국어", "\u{1112}\u{1161}\u{11AB}\u{1100}\u{1173}\u{11AF}",
  "\u{4DC0}\u{3248}",
  // Emoji: presentation by default, ZWJ families and professions, flags, a lone regional
  // indicator (a letter, one column).
  "😀🎉", "👨‍👩‍👧", "👩‍💻", "🇯🇵🇫🇷", "\u{1F1EF}x",
  // Thai: SARA AM is a spacing letter; the other vowels and tones are marks.
  "\u{E01}\u{E33}", "กำแพง", "น้ำ", "กิน", "ภาษาไทย",
  // Devanagari, Bengali, Tamil, Kannada, Malayalam, Gujarati, Gurmukhi with spacing marks (Mc).
  "\u{915}\u{93F}", "किताब", "हिन्दी", "क्षत्रिय", "\u{9AC}\u{9BE}", "বাংলা", "তামিল",
  "\u{B95}\u{BCA}", "தமிழ்", "கௌ", "ಕನ್ನಡ", "മലയാളം", "ગુજરાતી", "ਪੰਜਾਬੀ",
  // Text presentation of an emoji that is wide anyway, and of one that is narrow.
  "\u{231A}\u{FE0E}", "\u{2764}\u{FE0E}", "\u{263A}\u{FE0E}",
  // Zero-width and invisible characters, which TermElements shows as code points or joins.
  "a\u{200B}b", "a\u{FEFF}b", "a\u{2060}b", "a\u{200C}b", "\u{301}x", "x\u{E0068}",
  "a\u{200D}b",
  // Controls, which TermElements shows in caret notation.
  "a\u{1B}[31mb", "tab\tstop", "c1\u{9B}x",
]

// Left out of the corpus, because tmux 3.3a draws them at a width TermElements does not give
// them on purpose:
//
// - Emoji sequences that tmux measures as glibc's wcwidth does, scalar by scalar, where
//   TermElements keeps every emoji sequence one two-column glyph, as emoji-aware terminals draw
//   them (the ncurses front end blanks the cell after one that ncurses counts narrower):
//   "❤️" (U+2764 U+FE0F), "☺️", keycaps "1️⃣" and "#️⃣" (1 column in tmux: VS16 does not
//   widen), and skin tones "👍🏽", "👋🏿" (4 columns) and "☝🏽" (3 columns).
// - Strings where tmux 3.3a itself leaves glibc: it puts any non-ASCII character that follows
//   a ZWJ into the cell before it, so the rainbow flag "🏳️‍🌈" (U+1F3F3 U+FE0F U+200D U+1F308)
//   is 1 column (wcwidth adds up to 3, TermElements says 2), and the Devanagari half form
//   "क्‍ष" (U+0915 U+094D U+200D U+0937) is 1 column where wcwidth and TermElements say 2.
//   (tmux relies on the same joining to draw "👨‍👩‍👧" two columns wide, as TermElements does,
//   so the ZWJ families are checked.)

/// One thing to print: the text as TermElements draws it, and the columns it says it takes.
private struct WidthProbe: Hashable {
  /// Where the text came from, for messages.
  let source: String
  /// The characters TermElements would put in the cells, one after another.
  let printed: String
  /// The columns TermElements says they take.
  let columns: Int
}

/// Compares the widths TermElements computes with the columns tmux draws.
@Suite("Widths agree with the terminal", .serialized)
struct TerminalWidthAgreementTests {
  /// The script that prints each NUL-separated string of `$TE_DIR/probes` on a line of its own,
  /// asks the terminal where the cursor is (`ESC [ 6 n`), and writes the column of each reply to
  /// `$TE_DIR/columns`, then creates `$TE_DIR/columns.done`.
  static let probeScript = #"""
    # Prints each probe alone on a line and records the cursor column after it.
    : > "$TE_DIR/columns"
    saved=$(stty -g < /dev/tty)
    stty -echo -icanon min 1 time 0 < /dev/tty
    while IFS= read -r -d '' text; do
      printf '\r\n%s\033[6n' "$text" > /dev/tty
      IFS= read -r -s -d R reply < /dev/tty
      printf '%s\n' "${reply##*;}" >> "$TE_DIR/columns"
    done < "$TE_DIR/probes"
    stty "$saved" < /dev/tty
    : > "$TE_DIR/columns.done"

    """#

  /// Prints every probe in an 80-column tmux pane and returns the columns tmux moved the cursor
  /// for each, in order.
  fileprivate static func measure(_ probes: [WidthProbe]) async throws -> [Int] {
    try await TmuxSession.with(width: 80, height: 24, needsListDemo: false) { tmux in
      var data = Data()
      for probe in probes {
        data.append(Data(probe.printed.utf8))
        data.append(0)
      }
      try data.write(to: tmux.directory.appending(path: "probes"))
      try probeScript.write(
        to: tmux.directory.appending(path: "probe.sh"), atomically: true, encoding: .utf8)
      try await tmux.run(#"bash "$TE_DIR/probe.sh""#)
      let done = tmux.directory.appending(path: "columns.done")
      let clock = ContinuousClock()
      let deadline = clock.now.advanced(by: .seconds(30))
      while !FileManager.default.fileExists(atPath: done.path) {
        guard clock.now < deadline else {
          throw ScreenTimeout(
            what: "the width probes to finish", timeout: .seconds(30),
            screen: try await tmux.capture())
        }
        try await Task.sleep(for: .milliseconds(40))
      }
      let text = try String(
        contentsOf: tmux.directory.appending(path: "columns"), encoding: .utf8)
      // The reply's column is 1-based: the cursor after n columns stands in column n + 1.
      return text.split(separator: "\n").map { (Int($0) ?? 0) - 1 }
    }
  }

  /// The probes for one string: the whole line, and each glyph of it alone.
  fileprivate static func probes(for text: String) -> [WidthProbe] {
    let glyphs = DisplayText.singleLine(of: text)
    let whole = WidthProbe(
      source: text, printed: String(glyphs.map(\.character)),
      columns: DisplayText.width(of: text))
    let cells = glyphs.map {
      WidthProbe(source: text, printed: String($0.character), columns: $0.width)
    }
    return [whole] + cells
  }

  @Test("Every string and every glyph takes the columns TermElements says it does")
  func corpusAgrees() async throws {
    var seen: Set<String> = []
    var probes: [WidthProbe] = []
    for text in widthCorpus {
      for probe in Self.probes(for: text) where seen.insert(probe.printed).inserted {
        probes.append(probe)
      }
    }
    let measured = try await Self.measure(probes)
    try #require(measured.count == probes.count, "\(measured)")
    for (probe, columns) in zip(probes, measured) {
      #expect(
        columns == probe.columns,
        """
        \(probe.printed.unicodeScalars.map { String($0.value, radix: 16) }) from "\(probe.source)": \
        tmux drew \(columns) columns, TermElements says \(probe.columns)
        """)
    }
  }
}
