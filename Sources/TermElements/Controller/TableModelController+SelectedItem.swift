/// The item behind the selected row, for key commands that act on it.
extension TableModelController {
  /// The item of `items` whose row is selected: the one whose `id` is the selected row's id,
  /// as ``ForEach`` and stream sections give their rows; `nil` when no such row is selected.
  ///
  /// ```swift
  /// struct Chore: Identifiable, Sendable {
  ///   let id: Int
  ///   let title: String
  /// }
  /// var chores = [Chore(id: 1, title: "Milk"), Chore(id: 2, title: "Eggs")]
  /// let screen = TableModelController {
  ///   Table { Section { ForEach(chores) { Row(ElementOfLabel(props: $0.title)) } } }
  /// }
  /// screen.keyMap.bind(
  ///   .character("d"),
  ///   to: KeyCommand("Delete the selected chore") { screen in
  ///     guard let chore = screen.selectedItem(in: chores) else { return }
  ///     chores.removeAll { $0.id == chore.id }
  ///   })
  /// ```
  public func selectedItem<Items: Sequence>(in items: Items) -> Items.Element?
  where Items.Element: Identifiable, Items.Element.ID: RowIDRepresentable {
    selectedItem(in: items, id: \.id)
  }

  /// The item of `items` whose row is selected: the one whose `id` key path gives the
  /// selected row's id; `nil` when no such row is selected.
  ///
  /// ```swift
  /// let names = ["Ada", "Grace"]
  /// let list = TableModelController {
  ///   Table { Section { ForEach(names, id: \.self) { Row(ElementOfLabel(props: $0)) } } }
  /// }
  /// let chosen = list.selectedItem(in: names, id: \.self)  // "Ada", once a frame selected it
  /// ```
  public func selectedItem<Items: Sequence, ID: RowIDRepresentable>(
    in items: Items, id: KeyPath<Items.Element, ID>
  ) -> Items.Element? {
    guard let selection, let rowID = row(at: selection).id else { return nil }
    return items.first { $0[keyPath: id].rowID == rowID }
  }
}
