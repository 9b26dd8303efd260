/// Whole lines of cells, read and written as blocks: how the painter reuses a row it painted
/// in an earlier frame.
extension Screen {
  /// The cells of lines `lines`, whole, or `nil` when a line is outside the screen or a cell
  /// names a long cluster (which only a screen keeps readable).
  func cells(ofLines lines: Range<Int>) -> [Cell]? {
    guard lines.lowerBound >= 0, lines.upperBound <= height, width > 0 else { return nil }
    return cells.withUnsafeBufferPointer { cells in
      let block = UnsafeBufferPointer(
        rebasing: cells[(lines.lowerBound * width)..<(lines.upperBound * width)])
      guard !block.contains(where: { $0.longClusterNumber != nil }) else { return nil }
      return Array(block)
    }
  }
}
