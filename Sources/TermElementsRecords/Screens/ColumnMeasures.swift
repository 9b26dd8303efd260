/// The widths of the records screen's columns, measured on the first page.
struct ColumnMeasures: Equatable, Sendable {
  /// The natural width of each column.
  var widths: [Int] = []
  /// The digits after the point of each column of numbers.
  var decimals: [Int?] = []
}
