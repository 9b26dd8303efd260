/// Whole lines of a canvas as blocks of cells, for rows the painter reuses.
extension Canvas {
  /// Whether the canvas covers whole lines of its screen, unclipped across: then its lines can
  /// be read and written as blocks.
  private var coversWholeLines: Bool {
    frame.x == 0 && frame.width == screen.width && clip.x == 0 && clip.width == screen.width
  }

  /// Appends the cells of the canvas's lines `lines` to `buffer`, when they are whole lines
  /// of the screen inside the clip and hold no long cluster; returns whether it did.
  func appendCells(ofLines lines: Range<Int>, to buffer: inout [Cell]) -> Bool {
    guard coversWholeLines else { return false }
    let top = frame.y + lines.lowerBound
    let bottom = frame.y + lines.upperBound
    guard top >= clip.y, bottom <= clip.maxY else { return false }
    return screen.appendCells(ofLines: top..<bottom, to: &buffer)
  }

  /// Writes whole lines of cells from canvas line `line` on, when they fall inside the clip;
  /// returns whether it did.
  mutating func replaceLines(from line: Int, with block: [Cell]) -> Bool {
    guard coversWholeLines, screen.width > 0, block.count % screen.width == 0 else { return false }
    let top = frame.y + line
    let bottom = top + block.count / screen.width
    guard top >= clip.y, bottom <= clip.maxY else { return false }
    screen.replaceLines(from: top, with: block)
    return true
  }
}
