/// A line of a screen as a front end sends it: runs of ASCII in one style, other characters one
/// by one, and the plain blanks at the end left to be cleared.
extension Screen {
  /// One piece of a line.
  package enum Piece {
    /// Printable ASCII bytes in one style, from column `x`, `count` of them in the buffer.
    case ascii(x: Int, style: Style, count: Int)
    /// A cell that is not printable ASCII, at column `x`.
    case other(x: Int, cell: Cell)
  }

  /// Walks the first `columns` cells of line `y` as pieces, writing each ASCII run's bytes
  /// (NUL-terminated) into `buffer`, which holds at least `columns + 1`; returns the column
  /// where the plain blanks that end the line start.
  ///
  /// It runs here, beside the cells' layout, so that the walk over every cell compiles to a
  /// tight loop.
  package func forEachPiece(
    inLine y: Int, columns: Int, buffer: UnsafeMutableBufferPointer<CChar>,
    _ body: (Piece) -> Void
  ) -> Int {
    cells.withUnsafeBufferPointer { cells in
      let start = y * width
      var end = columns
      while end > 0, cells[start + end - 1].isPlainBlank { end -= 1 }
      var x = 0
      while x < end {
        let cell = cells[start + x]
        if cell.isContinuation {
          x += 1
          continue
        }
        guard cell.asciiByte != nil else {
          body(.other(x: x, cell: cell))
          x += cell.width >= 2 ? 2 : 1
          continue
        }
        let look = cell.look
        let first = x
        var count = 0
        while x < end, let byte = cells[start + x].asciiByte, cells[start + x].look == look {
          buffer[count] = CChar(bitPattern: byte)
          count += 1
          x += 1
        }
        buffer[count] = 0
        body(.ascii(x: first, style: cell.style, count: count))
      }
      return end
    }
  }
}

extension Cell {
  /// Whether the cell is a space in the terminal's default style, which clearing the line
  /// gives.
  package var isPlainBlank: Bool {
    // One column in the plain style, whose packed bits are all zero.
    packed == 1 << 56 | 0x20 && look == 1
  }
}
