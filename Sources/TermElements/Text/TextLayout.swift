/// How text that does not fit its width is handled.
public enum LineBreakMode: Equatable, Sendable {
  /// Breaks lines between words, and inside a word only when the word is wider than a line.
  case wordWrap
  /// Keeps each line of the text on one terminal line and ends it with `…` when it is cut.
  case truncateTail
}

/// Where text sits within its width.
public enum TextAlignment: Equatable, Sendable {
  /// Against the left edge.
  case left
  /// In the middle, any odd column going to the right.
  case center
  /// Against the right edge.
  case right
}

/// Breaks glyph lines to a width: word wrapping, truncation with an ellipsis, line limits.
///
/// Wide characters are never split: a two-column glyph that does not fit moves to the next
/// line, or is left out in favour of the ellipsis.
///
/// ```swift
/// let lines = TextLayout.lines(of: "the quick brown fox", width: 9)
/// // "the quick", "brown fox"
/// ```
public enum TextLayout {
  /// The text laid out at `width`, with at most `maxLines` lines (0 for no limit).
  public static func lines(
    of text: String,
    width: Int,
    maxLines: Int = 0,
    mode: LineBreakMode = .wordWrap,
    glyphs: GlyphSet = .unicode
  ) -> [[Glyph]] {
    guard width > 0 else { return [] }
    let paragraphs = DisplayText.lines(of: text, glyphs: glyphs)
    var result: [[Glyph]] = []
    var truncated = false
    for paragraph in paragraphs {
      switch mode {
      case .wordWrap:
        result.append(contentsOf: wrap(paragraph, width: width))
      case .truncateTail:
        let fitted = truncate(paragraph, width: width, ellipsis: glyphs.ellipsis)
        result.append(fitted)
      }
      if maxLines > 0 && result.count > maxLines {
        truncated = true
        break
      }
    }
    if maxLines > 0 && result.count > maxLines {
      result.removeLast(result.count - maxLines)
      truncated = true
    }
    if truncated, let last = result.popLast() {
      result.append(
        withEllipsis(last, width: width, ellipsis: glyphs.ellipsis))
    }
    return result
  }

  /// The number of lines the text needs at `width`.
  public static func height(
    of text: String, width: Int, maxLines: Int = 0, mode: LineBreakMode = .wordWrap
  ) -> Int {
    lines(of: text, width: width, maxLines: maxLines, mode: mode).count
  }

  /// The widest line of the text, in columns, when nothing is wrapped.
  public static func naturalWidth(of text: String) -> Int {
    DisplayText.lines(of: text).map(columns).max() ?? 0
  }

  /// Columns a glyph line takes.
  public static func columns(_ line: [Glyph]) -> Int {
    line.reduce(0) { $0 + $1.width }
  }

  /// One line cut to `width`, ending in the ellipsis when anything was cut.
  public static func truncate(_ line: [Glyph], width: Int, ellipsis: Character = "…") -> [Glyph]
  {
    columns(line) <= width ? line : withEllipsis(line, width: width, ellipsis: ellipsis)
  }

  /// The line cut so that it and a one-column ellipsis fit in `width`.
  private static func withEllipsis(
    _ line: [Glyph], width: Int, ellipsis: Character
  ) -> [Glyph] {
    guard width > 0 else { return [] }
    var kept: [Glyph] = []
    var used = 0
    for glyph in line {
      if used + glyph.width > width - 1 { break }
      kept.append(glyph)
      used += glyph.width
    }
    while let last = kept.last, last == .space {
      kept.removeLast()
    }
    kept.append(Glyph(ellipsis, width: 1))
    return kept
  }

  /// Greedy word wrapping of one paragraph.
  private static func wrap(_ paragraph: [Glyph], width: Int) -> [[Glyph]] {
    if columns(paragraph) <= width { return [paragraph] }
    var lines: [[Glyph]] = []
    var line: [Glyph] = []
    var used = 0
    var index = 0
    while index < paragraph.count {
      // One token: a run of spaces or a run of anything else.
      let isSpace = paragraph[index] == .space
      var end = index
      var tokenWidth = 0
      while end < paragraph.count && (paragraph[end] == .space) == isSpace {
        tokenWidth += paragraph[end].width
        end += 1
      }
      let token = paragraph[index..<end]
      index = end
      if isSpace {
        if used + tokenWidth <= width {
          line.append(contentsOf: token)
          used += tokenWidth
        } else {
          lines.append(line)
          line = []
          used = 0
        }
        continue
      }
      if used + tokenWidth > width && used > 0 {
        trimTrailingSpaces(&line)
        lines.append(line)
        line = []
        used = 0
      }
      for glyph in token {
        if used + glyph.width > width {
          if !line.isEmpty { lines.append(line) }
          line = []
          used = 0
          if glyph.width > width { continue }
        }
        line.append(glyph)
        used += glyph.width
      }
    }
    trimTrailingSpaces(&line)
    if !line.isEmpty || lines.isEmpty { lines.append(line) }
    return lines
  }

  /// Drops the spaces a line ends with.
  private static func trimTrailingSpaces(_ line: inout [Glyph]) {
    while let last = line.last, last == .space { line.removeLast() }
  }
}
