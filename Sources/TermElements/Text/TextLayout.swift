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
  ///
  /// When lines are left out, the last line shown holds the rest of its paragraph, cut with
  /// the ellipsis, as UILabel does.
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
    for (number, paragraph) in paragraphs.enumerated() {
      let ranges =
        mode == .wordWrap
        ? wrap(paragraph, width: width) : [paragraph.startIndex..<paragraph.endIndex]
      for (index, range) in ranges.enumerated() {
        let isLastAllowed = maxLines > 0 && result.count == maxLines - 1
        let moreFollow = index < ranges.count - 1 || number < paragraphs.count - 1
        if isLastAllowed && moreFollow {
          let rest = Array(paragraph[range.lowerBound...])
          result.append(
            columns(rest) <= width && index == ranges.count - 1
              ? withEllipsis(rest, width: width, ellipsis: glyphs.ellipsis)
              : truncate(rest, width: width, ellipsis: glyphs.ellipsis))
          return result
        }
        result.append(truncate(Array(paragraph[range]), width: width, ellipsis: glyphs.ellipsis))
      }
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
  public static func truncate(_ line: [Glyph], width: Int, ellipsis: Character = "…") -> [Glyph] {
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

  /// Greedy word wrapping of one paragraph: the glyph ranges of its lines, without the spaces
  /// at which they break.
  private static func wrap(_ paragraph: [Glyph], width: Int) -> [Range<Int>] {
    if columns(paragraph) <= width { return [0..<paragraph.count] }
    var lines: [Range<Int>] = []
    var lineStart = 0
    var lineEnd = 0  // End of the line's last word, before any spaces.
    var used = 0
    var index = 0
    func breakLine(at next: Int) {
      lines.append(lineStart..<lineEnd)
      lineStart = next
      lineEnd = next
      used = 0
    }
    while index < paragraph.count {
      // One token: a run of spaces or a run of anything else.
      let isSpace = paragraph[index] == .space
      var end = index
      var tokenWidth = 0
      while end < paragraph.count && (paragraph[end] == .space) == isSpace {
        tokenWidth += paragraph[end].width
        end += 1
      }
      if isSpace {
        if used + tokenWidth <= width && used > 0 {
          used += tokenWidth
        } else if used > 0 {
          breakLine(at: end)
        } else if index == 0 && tokenWidth < width {
          used = tokenWidth  // Indentation at the start of a paragraph stays.
        } else {
          lineStart = end
          lineEnd = end
        }
        index = end
        continue
      }
      if used + tokenWidth > width && used > 0 {
        breakLine(at: index)
      }
      for position in index..<end {
        let glyphWidth = paragraph[position].width
        if used + glyphWidth > width {
          if lineEnd > lineStart { breakLine(at: position) }
          if glyphWidth > width {
            lineStart = position + 1
            lineEnd = position + 1
            continue
          }
        }
        used += glyphWidth
        lineEnd = position + 1
      }
      index = end
    }
    if lineEnd > lineStart || lines.isEmpty { lines.append(lineStart..<lineEnd) }
    return lines
  }
}
