/// Blank cells between a row's edges and its element, on each side.
///
/// ```swift
/// row.layoutMargins = .all(1)
/// row.layoutMargins = .each(vertical: 0, horizontal: 2)
/// ```
public struct LayoutMargins: Hashable, Sendable {
  /// Lines above the element.
  public var top: Int
  /// Columns left of the element.
  public var left: Int
  /// Lines below the element.
  public var bottom: Int
  /// Columns right of the element.
  public var right: Int

  /// No margins at all.
  public static let zero = LayoutMargins.inset(top: 0, left: 0, bottom: 0, right: 0)

  /// One column on the left and right, none above or below: the look of a terminal list.
  public static let `default` = LayoutMargins.each(vertical: 0, horizontal: 1)

  /// The same margin on every side.
  public static func all(_ cells: Int) -> LayoutMargins {
    .inset(top: cells, left: cells, bottom: cells, right: cells)
  }

  /// One margin above and below, another left and right.
  public static func each(vertical: Int, horizontal: Int) -> LayoutMargins {
    .inset(top: vertical, left: horizontal, bottom: vertical, right: horizontal)
  }

  /// Each side on its own.
  public static func inset(top: Int, left: Int, bottom: Int, right: Int) -> LayoutMargins {
    LayoutMargins(
      top: max(0, top), left: max(0, left), bottom: max(0, bottom), right: max(0, right))
  }

  /// Lines the margins take.
  package var vertical: Int { top + bottom }
  /// Columns the margins take.
  package var horizontal: Int { left + right }
}
