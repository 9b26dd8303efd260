extension PaintedRows {
  /// Keeps what a frame painted: the rows kept before are dropped unless they were painted
  /// under the same frame.
  mutating func take(_ painted: PaintedFrame) {
    begin(painted.frame)
    for (row, cells) in painted.kept { keep(row, cells: painted.keptCells[cells]) }
  }
}
