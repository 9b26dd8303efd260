import TermElements

/// The demo's controller: the sample table, and a status line naming the selected row.
final class ListDemoController: TableModelController {
  /// Rows in the demo.
  let rowCount: Int
  /// The last row chosen, with its number; the message shows while it stays selected.
  private var chosen: (number: Int, name: String)?

  /// Makes the controller for `rowCount` rows.
  init(rowCount: Int) {
    self.rowCount = rowCount
    super.init()
    keyMap.bind(
      .character("t"),
      to: KeyCommand("Scroll the selected row to the top") { screen in
        if let selection = screen.selection { screen.scrollToRow(at: selection, position: .top) }
      })
  }

  override func setupTable() {
    table = SampleTable.make(rowCount: rowCount)
    onSelect = { [weak self] _, _ in
      guard let self, let number = self.position.row else { return }
      self.chosen = (number, SampleTable.name(of: number - 1))
    }
  }

  override func statusText() -> String {
    guard let number = position.row else { return "No rows" }
    let name = SampleTable.name(of: number - 1)
    if let chosen, chosen.number == number {
      return "Row \(number): \(name) — chose \(chosen.name)"
    }
    return "Row \(number): \(name) — Enter chooses, ? keys, q quits"
  }
}
