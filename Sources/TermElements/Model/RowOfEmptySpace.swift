// The ViewElements-style creator function of a blank row.
// swift-format-ignore-file: AlwaysUseLowerCamelCase

/// A row of blank lines: no separator, not selectable.
///
/// ```swift
/// let gap = RowOfEmptySpace(height: 2)
/// ```
public func RowOfEmptySpace(height: Int) -> Row {
  Row(
    FlexibleSpace(), rowHeight: .fixed(height), layoutMargins: .zero, separatorStyle: .none,
    selectionStyle: .none, isUserInteractionEnabled: false)
}
