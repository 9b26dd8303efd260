/// The table as a screen shows it: the app's table with the rows the controller adds (a
/// loader's spinner or error row, a stream's latest rows), and where they are.
///
/// ```swift
/// let shown = PresentedTable(table: Table(), loaderSections: [], addedRows: [])
/// ```
struct PresentedTable {
  /// The table shown.
  var table: Table
  /// The sections that have a page loader.
  var loaderSections: [Int]
  /// The rows the controller added, in order.
  var addedRows: [IndexPath]
}
