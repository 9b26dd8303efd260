/// Whole lines of cells, read and written as blocks: how the painter reuses a row it painted
/// in an earlier frame.
extension Screen {
  /// Appends the cells of lines `lines`, whole, to `buffer` and returns `true`; appends
  /// nothing and returns `false` when a line is outside the screen or a cell names a long
  /// cluster (which only a screen keeps readable).
  func appendCells(ofLines lines: Range<Int>, to buffer: inout [Cell]) -> Bool {
    guard lines.lowerBound >= 0, lines.upperBound <= height, width > 0 else { return false }
    return cells.withUnsafeBufferPointer { cells in
      let block = UnsafeBufferPointer(
        rebasing: cells[(lines.lowerBound * width)..<(lines.upperBound * width)])
      // A screen that never held a long cluster has none to look for.
      guard !hasHeldLongClusters || !block.contains(where: { $0.longClusterNumber != nil })
      else { return false }
      buffer.append(contentsOf: block)
      return true
    }
  }
}
