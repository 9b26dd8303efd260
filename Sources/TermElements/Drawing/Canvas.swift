/// A region of a ``Screen`` that an element draws into, with its own coordinates and clipping.
///
/// Point `(0, 0)` is the region's top-left cell and ``size`` is the room the element was given.
/// Writes outside the region are clipped, whatever the point, width or rectangle (none traps).
/// Every string goes through `DisplayText`, and every glyph and mark is checked again before
/// it reaches a cell, so an element cannot put a control character on the screen however hard
/// it tries, nor break the grid with a glyph that claims the wrong width.
///
/// ```swift
/// static func draw(_ count: Int, styles: Style, in canvas: inout Canvas) {
///   canvas.write("(\(count))", at: Point(x: canvas.size.width - 4, y: 0), style: styles)
/// }
/// ```
public struct Canvas {
  /// What a whole frame shares: the animation tick, the glyph set and the inherited style.
  package struct Context: Equatable, Sendable {
    /// A counter that advances with each animation frame, for spinners.
    package var tick: Int
    /// The marks to draw with.
    package var glyphs: GlyphSet
    /// The style that element styles lay over: the row's style, or the selection's.
    package var baseStyle: Style
  }

  /// The screen being drawn on; it is swapped in and out so that drawing never copies it.
  var screen: Screen
  /// The region in screen coordinates; it may reach beyond the screen.
  let frame: Rect
  /// The part of the screen that writes may touch.
  let clip: Rect
  /// What the whole frame shares.
  package var context: Context

  /// Makes a canvas over a screen that the caller swaps in.
  init(screen: Screen, frame: Rect, clip: Rect, context: Context) {
    self.screen = screen
    self.frame = frame
    self.clip = clip
    self.context = context
  }

  /// The room the element was given.
  public var size: Size { Size(width: frame.width, height: frame.height) }

  /// The animation tick, for an element that animates; reading it asks the front end to keep
  /// drawing frames while the element is on screen.
  public mutating func animationTick() -> Int {
    screen.isAnimated = true
    return context.tick
  }

  /// The marks to draw with.
  public var glyphs: GlyphSet { context.glyphs }

  /// Fills the region with blanks in `style` laid over the inherited style.
  public mutating func fill(style: Style = .plain) {
    screen.fill(clip, style: style.over(context.baseStyle))
  }

  /// Blanks whole lines of the region with the inherited style; lines outside it are ignored.
  package mutating func fill(lines: Range<Int>) {
    let lower = max(lines.lowerBound, 0)
    let upper = min(lines.upperBound, size.height)
    guard lower < upper else { return }
    let rect = Rect(
      x: frame.x, y: frame.y.clampedAdding(lower), width: size.width, height: upper - lower)
    screen.fill(rect.intersection(clip), style: context.baseStyle)
  }

  /// Writes text on one line from `point`, cut at the region's right edge, and returns the
  /// columns it took.
  ///
  /// Line feeds and other control characters appear as `^J`-style replacements.
  @discardableResult
  public mutating func write(_ text: String, at point: Point, style: Style = .plain) -> Int {
    if let columns = writePlainASCII(text, at: point, fitting: Int.max, style: style) {
      return columns
    }
    return write(DisplayText.singleLine(of: text, glyphs: context.glyphs), at: point, style: style)
  }

  /// Writes `text` straight from its bytes when it is printable ASCII of at most `limit`
  /// characters, as the glyphs it makes would be written, and returns the columns it took;
  /// returns `nil`, writing nothing, for any other text.
  mutating func writePlainASCII(
    _ text: String, at point: Point, fitting limit: Int, style: Style
  ) -> Int? {
    let written: Int?? = text.utf8.withContiguousStorageIfAvailable { bytes in
      guard DisplayText.isPlainASCII(bytes, fitting: limit) else { return nil }
      writeASCII(bytes, at: point, style: style)
      // As many as fit before the region's right edge, as glyphs would be placed.
      return max(0, min(bytes.count, size.width.clampedSubtracting(point.x)))
    }
    return written ?? nil
  }

  /// Writes printable ASCII bytes on one line from `point`, cut at the region's right edge:
  /// the fast path for the commonest text, which needs no sanitizing or width lookups.
  mutating func writeASCII(_ bytes: some Collection<UInt8>, at point: Point, style: Style) {
    guard point.y >= 0, point.y < size.height else { return }
    let resolved = style.over(context.baseStyle)
    let y = frame.y.clampedAdding(point.y)
    guard y >= clip.y, y < clip.maxY else { return }
    // The columns of the region inside the clip, then those the bytes cover among them.
    let first = max(point.x, 0, clip.x.clampedSubtracting(frame.x))
    let end = min(
      point.x.clampedAdding(bytes.count), size.width, clip.maxX.clampedSubtracting(frame.x))
    guard first < end else { return }
    let shown = bytes.dropFirst(first.clampedSubtracting(point.x)).prefix(end - first)
    screen.putASCII(shown, x: frame.x.clampedAdding(first), y: y, style: resolved)
  }

  /// Writes glyphs on one line from `point`, cut at the region's right edge, and returns the
  /// columns they took. Replacement glyphs are drawn in reverse video.
  ///
  /// A glyph is checked before it is drawn, since one made by hand may hold anything: its
  /// width is measured rather than trusted, and a glyph that is not one printable cell (a
  /// control character, say, or `कि` as one glyph) is drawn as `DisplayText` draws its
  /// character.
  ///
  /// ```swift
  /// canvas.write([Glyph("\u{1B}", width: 1)], at: .zero)  // draws ^[ and returns 2
  /// ```
  @discardableResult
  package mutating func write(_ glyphs: [Glyph], at point: Point, style: Style = .plain) -> Int {
    let resolved = style.over(context.baseStyle)
    var x = point.x
    var columns = 0
    for glyph in glyphs {
      if let width = DisplayText.cellWidth(of: glyph.character) {
        guard
          place(
            glyph.character, width: width, isReplacement: glyph.isReplacement, x: &x,
            y: point.y, style: resolved)
        else { break }
        columns += width
        continue
      }
      for part in DisplayText.cells(of: glyph.character, glyphs: context.glyphs) {
        let isReplacement = glyph.isReplacement || part.isReplacement
        guard
          place(
            part.character, width: part.width, isReplacement: isReplacement, x: &x,
            y: point.y, style: resolved)
        else { return columns }
        columns += part.width
      }
    }
    return columns
  }

  /// Repeats a character across `width` columns from `point`, as far as the region's right
  /// edge; a width of zero or less draws nothing.
  ///
  /// The character is checked as a written glyph is, and drawn the same way (`^[` for an
  /// escape); when the last repetition does not fit whole, the columns left are blanked.
  ///
  /// ```swift
  /// canvas.repeatCharacter("─", at: Point(x: 2, y: 0), width: canvas.size.width - 2)
  /// ```
  package mutating func repeatCharacter(
    _ character: Character, at point: Point, width: Int, style: Style = .plain
  ) {
    guard width > 0, point.y >= 0, point.y < size.height else { return }
    let resolved = style.over(context.baseStyle)
    var pattern: [Glyph]
    if let cellWidth = DisplayText.cellWidth(of: character) {
      pattern = [Glyph(character, width: cellWidth)]
    } else {
      pattern = DisplayText.cells(of: character, glyphs: context.glyphs)
    }
    if pattern.isEmpty { pattern = [.space] }
    let patternWidth = pattern.reduce(0) { $0 + $1.width }
    let end = min(point.x.clampedAdding(width), size.width)
    var x = max(point.x, 0)
    while x < end {
      guard x.clampedAdding(patternWidth) <= end else {
        while x < end {
          _ = place(" ", width: 1, isReplacement: false, x: &x, y: point.y, style: resolved)
        }
        return
      }
      for glyph in pattern {
        _ = place(
          glyph.character, width: glyph.width, isReplacement: glyph.isReplacement, x: &x,
          y: point.y, style: resolved)
      }
    }
  }

  /// Puts one printable cell at column `x` of line `y` in region coordinates and moves `x` past
  /// it; `false`, leaving `x` alone, when it would cross the region's right edge.
  private mutating func place(
    _ character: Character, width: Int, isReplacement: Bool, x: inout Int, y: Int,
    style: Style
  ) -> Bool {
    let width = width == 2 ? 2 : 1
    guard x.clampedAdding(width) <= size.width else { return false }
    if x >= 0 && y >= 0 && y < size.height {
      screen.put(
        Glyph(character, width: width), x: frame.x.clampedAdding(x),
        y: frame.y.clampedAdding(y), style: isReplacement ? style.toggling(.reverse) : style,
        clip: clip)
    }
    x += width
    return true
  }

  /// Draws into a sub-region, given in this canvas's coordinates and clipped to it; a
  /// rectangle with a negative side is empty.
  @discardableResult
  public mutating func draw<Result>(
    in rect: Rect, _ body: (inout Canvas) throws -> Result
  ) rethrows -> Result {
    let subframe = Rect(
      x: frame.x.clampedAdding(rect.x), y: frame.y.clampedAdding(rect.y),
      width: max(0, rect.width), height: max(0, rect.height))
    var child = Canvas(
      screen: Screen(width: 0, height: 0), frame: subframe, clip: subframe.intersection(clip),
      context: context)
    swap(&screen, &child.screen)
    defer { swap(&screen, &child.screen) }
    return try body(&child)
  }
}

extension Style {
  /// The style with `attribute` switched: on if it was off, off if it was on.
  func toggling(_ attribute: TextAttributes) -> Style {
    var copy = self
    copy.attributes.formSymmetricDifference(attribute)
    return copy
  }
}
