/// How tall a row or header is: a fixed number of lines, or measured from its content.
///
/// An integer literal means a fixed height, as ViewElements' `rowHeight = 60`.
///
/// ```swift
/// row.rowHeight = 3  // .fixed(3)
/// row.rowHeight = .automatic  // the element's height at the current width, plus margins
/// ```
public enum RowHeight: Equatable, Sendable, ExpressibleByIntegerLiteral {
  /// The element's height at the current width, plus the vertical margins.
  case automatic
  /// Exactly this many lines, margins included; the element gets what the margins leave.
  case fixed(Int)

  /// A fixed height.
  public init(integerLiteral lines: Int) {
    self = .fixed(lines)
  }
}
