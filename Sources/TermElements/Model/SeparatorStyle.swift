/// The line drawn under a row to set it apart from the next one.
///
/// A separator takes a line of its own below the row.
public enum SeparatorStyle: Equatable, Sendable {
  /// No separator.
  case none
  /// A line that starts at the row's left margin, as UITableView's default inset separator.
  case `default`
  /// A line across the whole width.
  case fullWidth
  /// A line inset by these many columns from the left and right edges.
  case custom(left: Int, right: Int)

  /// Lines the separator adds below the row.
  package var height: Int { self == .none ? 0 : 1 }
}

/// How a row looks while it is selected.
public enum SelectionStyle: Equatable, Sendable {
  /// The row does not change.
  case none
  /// Reverse video, which every terminal can show.
  case `default`
  /// This style laid over the row's own.
  case style(Style)
}
