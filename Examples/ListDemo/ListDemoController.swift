import TermElements

/// The demo's controller: the sample table, and a status line naming the selected row.
final class ListDemoController: TableModelController {
  /// Rows in the demo.
  let rowCount: Int
  /// What the last chosen row was.
  private var chosen: String?

  /// Makes the controller for `rowCount` rows.
  init(rowCount: Int) {
    self.rowCount = rowCount
    super.init(table: Table())
  }

  override func setupTable() {
    table = SampleTable.make(
      rowCount: rowCount,
      onChoose: { [weak self] name in
        self?.chosen = name
      })
  }

  override func statusText() -> String {
    guard let selection else { return "No rows" }
    let number = layout.rowNumber(of: selection)
    let name = SampleTable.name(of: number)
    if let chosen { return "Row \(number + 1): \(name) — chose \(chosen)" }
    return "Row \(number + 1): \(name) — Enter chooses, q quits"
  }
}
