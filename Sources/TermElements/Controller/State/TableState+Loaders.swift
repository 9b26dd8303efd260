/// Which loader fills which end of the table as shown, and whether it may bring more.
extension TableState {
  /// The loader of section `index`: its own; for the last section, the table's once the
  /// section's own loader (if any) has reached the end of its data.
  func loader(ofSection index: Int, in table: Table) -> TailLoader? {
    let own = table.sections[index].tailLoader
    guard index == table.sections.count - 1, let tableLoader = table.tailLoader else { return own }
    guard let own else { return tableLoader }
    if case .finished? = loading.phases[.tail(own.id)] { return tableLoader }
    return own
  }
}
