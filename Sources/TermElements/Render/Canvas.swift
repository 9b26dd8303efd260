/// A region of a ``Screen`` that an element draws into, with its own coordinates and clipping.
///
/// Point `(0, 0)` is the region's top-left cell and ``size`` is the room the element was given.
/// Writes outside the region are clipped, and every string goes through ``DisplayText``, so an
/// element cannot put a control character on the screen however hard it tries.
///
/// ```swift
/// static func draw(_ count: Int, styles: Style, in canvas: inout Canvas) {
///   canvas.write("(\(count))", at: Point(x: canvas.size.width - 4, y: 0), style: styles)
/// }
/// ```
public struct Canvas {
  /// What a whole frame shares: the animation tick, the glyph set and the inherited style.
  public struct Context: Equatable, Sendable {
    /// A counter that advances with each animation frame, for spinners.
    public var tick: Int
    /// The marks to draw with.
    public var glyphs: GlyphSet
    /// The style that element styles lay over: the row's style, or the selection's.
    public var baseStyle: Style
  }

  /// The screen being drawn on; it is swapped in and out so that drawing never copies it.
  var screen: Screen
  /// The region in screen coordinates; it may reach beyond the screen.
  let frame: Rect
  /// The part of the screen that writes may touch.
  let clip: Rect
  /// What the whole frame shares.
  public var context: Context

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

  /// Blanks whole lines of the region with the inherited style.
  public mutating func fill(lines: Range<Int>) {
    guard !lines.isEmpty else { return }
    let rect = Rect(
      x: frame.x, y: frame.y + lines.lowerBound, width: size.width, height: lines.count)
    screen.fill(rect.intersection(clip), style: context.baseStyle)
  }

  /// Writes text on one line from `point`, cut at the region's right edge, and returns the
  /// columns it took.
  ///
  /// Line feeds and other control characters appear as `^J`-style replacements.
  @discardableResult
  public mutating func write(_ text: String, at point: Point, style: Style = .plain) -> Int {
    write(DisplayText.singleLine(of: text, glyphs: context.glyphs), at: point, style: style)
  }

  /// Writes printable ASCII bytes on one line from `point`, cut at the region's right edge:
  /// the fast path for the commonest text, which needs no sanitizing or width lookups.
  mutating func writeASCII(_ bytes: some Collection<UInt8>, at point: Point, style: Style) {
    let resolved = style.over(context.baseStyle)
    let y = frame.y + point.y
    guard y >= clip.y, y < clip.maxY else { return }
    var x = frame.x + point.x
    let limit = min(frame.x + size.width, clip.maxX)
    for byte in bytes {
      if x >= limit { break }
      if x >= clip.x { screen.putASCII(byte, x: x, y: y, style: resolved) }
      x += 1
    }
  }

  /// Writes glyphs on one line from `point`, cut at the region's right edge, and returns the
  /// columns they took. Replacement glyphs are drawn in reverse video.
  @discardableResult
  public mutating func write(_ glyphs: [Glyph], at point: Point, style: Style = .plain) -> Int {
    let resolved = style.over(context.baseStyle)
    var x = point.x
    for glyph in glyphs {
      if x + glyph.width > size.width { break }
      let glyphStyle = glyph.isReplacement ? resolved.toggling(.reverse) : resolved
      screen.put(glyph, x: frame.x + x, y: frame.y + point.y, style: glyphStyle, clip: clip)
      x += glyph.width
    }
    return x - point.x
  }

  /// Repeats one character across `width` columns from `point`.
  public mutating func repeatCharacter(
    _ character: Character, at point: Point, width: Int, style: Style = .plain
  ) {
    let resolved = style.over(context.baseStyle)
    let glyph = Glyph(character, width: 1)
    for x in point.x..<max(point.x, min(point.x + width, size.width)) {
      screen.put(glyph, x: frame.x + x, y: frame.y + point.y, style: resolved, clip: clip)
    }
  }

  /// Draws into a sub-region, given in this canvas's coordinates and clipped to it.
  @discardableResult
  public mutating func draw<Result>(
    in rect: Rect, _ body: (inout Canvas) throws -> Result
  ) rethrows -> Result {
    let subframe = Rect(
      x: frame.x + rect.x, y: frame.y + rect.y, width: rect.width, height: rect.height)
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
