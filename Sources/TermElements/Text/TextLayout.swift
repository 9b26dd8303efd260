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
enum TextLayout {
  /// The text laid out at `width`, with at most `maxLines` lines (0 for no limit).
  ///
  /// When lines are left out, the last line shown holds the rest of its paragraph, cut with
  /// the ellipsis, as UILabel does.
  static func lines(
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
  static func height(
    of text: String, width: Int, maxLines: Int = 0, mode: LineBreakMode = .wordWrap
  ) -> Int {
    lines(of: text, width: width, maxLines: maxLines, mode: mode).count
  }

  /// The widest line of the text, in columns, when nothing is wrapped.
  static func naturalWidth(of text: String) -> Int {
    DisplayText.lines(of: text).map(columns).max() ?? 0
  }

  /// Columns a glyph line takes.
  static func columns(_ line: [Glyph]) -> Int {
    line.reduce(0) { $0 + $1.width }
  }

  /// One line cut to `width`, ending in the ellipsis when anything was cut.
  ///
  /// The cut falls between grapheme clusters, so a cluster drawn as several glyphs (`कि`) is
  /// kept whole or left out whole, and a wide character is never split.
  ///
  /// ```swift
  /// TextLayout.truncate(DisplayText.singleLine(of: "東京"), width: 1)  // "…"
  /// ```
  static func truncate(_ line: [Glyph], width: Int, ellipsis: Character = "…") -> [Glyph] {
    columns(line) <= width ? line : withEllipsis(line, width: width, ellipsis: ellipsis)
  }

  /// The line cut so that it and the ellipsis fit in `width`.
  ///
  /// The ellipsis is drawn as `DisplayText` draws it and room is made for all its columns; an
  /// ellipsis wider than `width` is left out.
  private static func withEllipsis(
    _ line: [Glyph], width: Int, ellipsis: Character
  ) -> [Glyph] {
    guard width > 0 else { return [] }
    let mark = ellipsisGlyphs(ellipsis)
    let room = width - columns(mark)
    guard room >= 0 else { return [] }
    var kept = 0  // Glyphs up to the last cluster boundary that fits.
    var used = 0
    for (index, glyph) in line.enumerated() {
      if used + glyph.width > room { break }
      used += glyph.width
      if index + 1 == line.count || !line[index + 1].continuesCluster { kept = index + 1 }
    }
    var result = Array(line[..<kept])
    while let last = result.last, last == .space {
      result.removeLast()
    }
    result.append(contentsOf: mark)
    return result
  }

  /// The glyphs of an ellipsis mark: itself when it is one printable cell, otherwise what
  /// `DisplayText` makes of it.
  private static func ellipsisGlyphs(_ ellipsis: Character) -> [Glyph] {
    if let width = DisplayText.cellWidth(of: ellipsis) {
      return [Glyph(ellipsis, width: width)]
    }
    return DisplayText.cells(of: ellipsis, glyphs: .unicode)
  }

  /// Greedy word wrapping of one paragraph: the glyph ranges of its lines, without the spaces
  /// at which they break.
  ///
  /// A word wider than the line breaks between grapheme clusters (between the glyphs of a
  /// cluster only when the cluster alone is wider than the line), and a glyph wider than the
  /// line gets a line of its own, which ``truncate(_:width:ellipsis:)`` turns into the ellipsis.
  private static func wrap(_ paragraph: [Glyph], width: Int) -> [Range<Int>] {
    if columns(paragraph) <= width { return [0..<paragraph.count] }
    var lines: [Range<Int>] = []
    var lineStart = 0
    var lineEnd = 0  // End of the line's last word, before any spaces.
    var used = 0
    var index = 0
    func breakLine(at next: Int) {
      if lineEnd > lineStart { lines.append(lineStart..<lineEnd) }
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
      var position = index
      while position < end {
        // One grapheme cluster, unless the cluster alone is wider than the line.
        var next = position + 1
        var unitWidth = paragraph[position].width
        while next < end && paragraph[next].continuesCluster {
          unitWidth += paragraph[next].width
          next += 1
        }
        if unitWidth > width && next > position + 1 {
          next = position + 1
          unitWidth = paragraph[position].width
        }
        if used + unitWidth > width {
          breakLine(at: position)
          if unitWidth > width {
            lines.append(position..<next)
            lineStart = next
            lineEnd = next
            position = next
            continue
          }
        }
        used += unitWidth
        lineEnd = next
        position = next
      }
      index = end
    }
    if lineEnd > lineStart || lines.isEmpty { lines.append(lineStart..<lineEnd) }
    return lines
  }
}
