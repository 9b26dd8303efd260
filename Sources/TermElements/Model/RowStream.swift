/// A live source of a section's rows: an `AsyncSequence` of arrays, each of which replaces the
/// rows, applied by id so that the selection stays on the same item: RxSwiftWidgets'
/// `DynamicTableSectionWidget(viewModel.$users)`.
///
/// The controller iterates it while the screen is shown: from when the screen appears until
/// it disappears (it is covered, popped, or the program ends), when the iteration is
/// cancelled; it starts again, from a new iterator, when the screen appears again. An error
/// the sequence throws shows as an error row under the rows it had produced.
///
/// The sequence may produce its arrays on any thread; the rows are made, with the `row`
/// closure, and taken on the main actor, so the closure may read main-actor state.
///
/// ```swift
/// let names = AsyncStream<[String]> { continuation in
///   continuation.yield(["Ada", "Grace"])
///   continuation.finish()
/// }
/// let section = Section(id: "people", stream: names, itemID: \.self) { name in
///   Row(ElementOfLabel(props: name))
/// }
/// ```
public struct RowStream: Sendable, Equatable {
  /// Names the stream; streams with the same id are equal.
  package let id: String
  /// Starts iterating, giving each array of rows to `receive`; returns when the sequence
  /// ends, throws what it throws.
  let iterate:
    @Sendable (_ receive: @escaping @MainActor @Sendable ([Row]) -> Void) async throws -> Void

  /// A stream of the rows of each array `sequence` produces, each row made by `row`, given
  /// its item's identity and, with `select`, what choosing it does.
  public init<S: AsyncSequence & Sendable, Item: Sendable, ID: RowIDRepresentable>(
    id: String, _ sequence: S, itemID: KeyPath<Item, ID> & Sendable,
    row: @escaping @MainActor @Sendable (Item) -> Row,
    select: (@MainActor @Sendable (SelectionContext, IndexPath, Item) -> Void)? = nil
  ) where S.Element == [Item] {
    self.id = id
    iterate = { receive in
      for try await items in sequence {
        await MainActor.run {
          receive(
            items.map { item in
              var made = row(item)
              made.id = item[keyPath: itemID].rowID
              if let select {
                made.onSelect = SelectAction { context in select(context, context.indexPath, item) }
              }
              return made
            })
        }
      }
    }
  }

  /// Streams are equal when their ids are.
  public static func == (lhs: RowStream, rhs: RowStream) -> Bool { lhs.id == rhs.id }
}
