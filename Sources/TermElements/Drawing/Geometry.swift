/// A cell position: column `x` and line `y`, from the top left.
public struct Point: Hashable, Sendable {
  /// The column.
  public var x: Int
  /// The line.
  public var y: Int

  /// Makes a point.
  public init(x: Int, y: Int) {
    self.x = x
    self.y = y
  }

  /// The top-left corner.
  public static let zero = Point(x: 0, y: 0)
}

/// A size in cells: columns wide and lines high.
public struct Size: Hashable, Sendable {
  /// Columns.
  public var width: Int
  /// Lines.
  public var height: Int

  /// Makes a size.
  public init(width: Int, height: Int) {
    self.width = width
    self.height = height
  }
}

/// A rectangle of cells.
///
/// ```swift
/// let status = Rect(x: 0, y: 23, width: 80, height: 1)
/// ```
public struct Rect: Hashable, Sendable {
  /// The left column.
  public var x: Int
  /// The top line.
  public var y: Int
  /// Columns.
  public var width: Int
  /// Lines.
  public var height: Int

  /// Makes a rectangle.
  public init(x: Int, y: Int, width: Int, height: Int) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }

  /// The column just right of the rectangle, held at `Int.max` or `Int.min` rather than
  /// overflowing.
  package var maxX: Int { x.clampedAdding(width) }
  /// The line just below the rectangle, held at `Int.max` or `Int.min` rather than overflowing.
  package var maxY: Int { y.clampedAdding(height) }
  /// Whether the rectangle holds no cell.
  package var isEmpty: Bool { width <= 0 || height <= 0 }

  /// The cells both rectangles hold; empty when they do not meet.
  package func intersection(_ other: Rect) -> Rect {
    let left = max(x, other.x)
    let top = max(y, other.y)
    let right = min(maxX, other.maxX)
    let bottom = min(maxY, other.maxY)
    return Rect(
      x: left, y: top, width: max(0, right.clampedSubtracting(left)),
      height: max(0, bottom.clampedSubtracting(top)))
  }

  /// Whether the rectangle holds the cell at `point`.
  package func contains(_ point: Point) -> Bool {
    point.x >= x && point.x < maxX && point.y >= y && point.y < maxY
  }
}

extension Int {
  /// The sum, held at `Int.max` or `Int.min` instead of overflowing: geometry from callers may
  /// hold any values, and drawing must never trap on them.
  func clampedAdding(_ other: Int) -> Int {
    let (sum, overflow) = addingReportingOverflow(other)
    return overflow ? (other > 0 ? .max : .min) : sum
  }

  /// The difference, held at `Int.max` or `Int.min` instead of overflowing.
  func clampedSubtracting(_ other: Int) -> Int {
    let (difference, overflow) = subtractingReportingOverflow(other)
    return overflow ? (other < 0 ? .max : .min) : difference
  }
}
