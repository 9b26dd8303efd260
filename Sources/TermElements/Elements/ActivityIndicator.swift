/// A spinner: one animated cell while its props are `true`, blank otherwise.
///
/// The frame shown follows the canvas's tick, so a controller animates it by drawing again.
///
/// ```swift
/// var loading = Row(ElementOfActivityIndicator(props: true))
/// loading.tag = "loading"
/// ```
public enum ActivityIndicator: ElementView {
  /// Whether the spinner is animating.
  public typealias Props = Bool

  /// One line.
  public static func height(of animating: Bool, styles: Style, width: Int) -> Int { 1 }

  /// One column.
  public static func preferredWidth(of animating: Bool, styles: Style) -> Int? { 1 }

  /// Draws the frame for the current tick, centred.
  public static func draw(_ animating: Bool, styles: Style, in canvas: inout Canvas) {
    guard animating, !canvas.glyphs.spinnerFrames.isEmpty else { return }
    let frames = canvas.glyphs.spinnerFrames
    let tick = canvas.animationTick()
    let frame = frames[((tick % frames.count) + frames.count) % frames.count]
    canvas.write(
      [Glyph(frame, width: 1)], at: Point(x: (canvas.size.width - 1) / 2, y: 0), style: styles)
  }
}
