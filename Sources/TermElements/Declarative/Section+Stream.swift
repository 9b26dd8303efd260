extension Section {
  /// A section whose rows come from `sequence`: each array it produces replaces them, made by
  /// `row` and identified by `itemID` of each item; `id` names the stream.
  ///
  /// ```swift
  /// let users = AsyncStream<[String]> { $0.yield(["Ada"]) }
  /// let listed = Section(id: "users", header: "Users", stream: users, itemID: \.self) { name in
  ///   Row(ElementOfLabel(props: name))
  /// }
  /// ```
  ///
  /// `onSelect` is called with the context, the index path and the item when an item's row is
  /// chosen, as ``ForEach/onSelect(_:)`` is:
  ///
  /// ```swift
  /// let greetings = AsyncStream<[String]> { $0.yield(["Ada", "Grace"]) }
  /// let people = Section(id: "people", stream: greetings, itemID: \.self) { name in
  ///   Row(ElementOfLabel(props: name))
  /// } onSelect: { context, _, name in
  ///   context.navigator?.push(TableModelController(title: name))
  /// }
  /// ```
  public init<S: AsyncSequence & Sendable, Item: Sendable, ID: RowIDRepresentable>(
    id: String, header: String? = nil, footer: String? = nil, stream sequence: S,
    itemID: KeyPath<Item, ID> & Sendable,
    @RowBuilder row: @escaping @MainActor @Sendable (Item) -> Row,
    onSelect: (@MainActor @Sendable (SelectionContext, IndexPath, Item) -> Void)? = nil
  ) where S.Element == [Item] {
    self.init(
      header: header.map { SectionHeader(ElementOfLabel(props: $0)) },
      footer: footer.map { SectionFooter(ElementOfLabel(props: $0)) }, rows: [])
    self.id = id
    stream = RowStream(id: id, sequence, itemID: itemID, row: row, select: onSelect)
  }

  /// A section whose rows come from `sequence` of `Identifiable` items, each row identified
  /// by its item's `id`; `id` names the stream.
  ///
  /// ```swift
  /// struct Person: Identifiable, Sendable {
  ///   let id: Int
  ///   let name: String
  /// }
  /// let people = AsyncStream<[Person]> { $0.yield([Person(id: 1, name: "Ada")]) }
  /// let section = Section(id: "people", stream: people) { person in
  ///   Row(ElementOfLabel(props: person.name))
  /// } onSelect: { context, _, person in
  ///   context.navigator?.push(TableModelController(title: person.name))
  /// }
  /// ```
  public init<S: AsyncSequence & Sendable, Item: Identifiable & Sendable>(
    id: String, header: String? = nil, footer: String? = nil, stream sequence: S,
    @RowBuilder row: @escaping @MainActor @Sendable (Item) -> Row,
    onSelect: (@MainActor @Sendable (SelectionContext, IndexPath, Item) -> Void)? = nil
  ) where S.Element == [Item], Item.ID: RowIDRepresentable {
    self.init(
      id: id, header: header, footer: footer, stream: sequence, itemID: \Item.id, row: row,
      onSelect: onSelect)
  }
}
