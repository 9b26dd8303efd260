/// Rows made from a collection, each with its item's identity: the rows of a list that
/// changes, for ``RowsBuilder``.
///
/// ```swift
/// let names = ["Ada", "Grace"]
/// let section = Section(header: "People") {
///   ForEach(names, id: \.self) { name in Row(ElementOfLabel(props: name)) }
///     .onSelect { context, indexPath, name in
///       context.navigator?.push(TableModelController(title: name))
///     }
/// }
/// ```
public struct ForEach<Data: RandomAccessCollection, ID: RowIDRepresentable> {
  /// The items.
  let data: Data
  /// The identity of an item.
  let id: (Data.Element) -> ID
  /// The row of an item.
  let makeRow: (Data.Element) -> Row
  /// What choosing an item's row does.
  var select: (@MainActor @Sendable (SelectionContext, IndexPath, Data.Element) -> Void)?

  /// Rows for `data`, identified by the key path `id` of each item.
  public init(
    _ data: Data, id: KeyPath<Data.Element, ID> & Sendable,
    @RowBuilder row: @escaping (Data.Element) -> Row
  ) {
    self.data = data
    self.id = { $0[keyPath: id] }
    self.makeRow = row
  }

  /// Calls `select` with the context, the index path and the item when an item's row is
  /// chosen: RxSwiftWidgets' `onSelect`.
  public func onSelect(
    _ select: @escaping @MainActor @Sendable (SelectionContext, IndexPath, Data.Element) -> Void
  ) -> Self where Data.Element: Sendable {
    var copy = self
    copy.select = select
    return copy
  }

  /// The rows, each with its item's id and choice.
  var rows: [Row] {
    data.map { item in
      var row = makeRow(item)
      row.id = id(item).rowID
      if let select {
        nonisolated(unsafe) let item = item
        row.onSelect = SelectAction { context in select(context, context.indexPath, item) }
      }
      return row
    }
  }
}

extension ForEach
where
  Data.Element: Identifiable, Data.Element.ID: RowIDRepresentable,
  ID == Data.Element.ID
{
  /// Rows for `data`, identified by each item's `id`.
  public init(_ data: Data, @RowBuilder row: @escaping (Data.Element) -> Row) {
    self.data = data
    self.id = { $0.id }
    self.makeRow = row
  }
}
