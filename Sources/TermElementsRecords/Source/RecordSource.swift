/// Where the records screens read from: one table, sheet or file of records, with no SQL and
/// no dialect outside it.
///
/// Seven requirements make a source the screens can browse: its ``name``, ``columns`` and
/// ``keyColumns``, pages after and before a position, a ``count(in:)`` and one
/// ``wholeRecord(key:)``. Everything else is a capability a source adds by conforming to
/// another protocol: ``RecordJumping`` (`:N`), ``RecordRanking`` (numbers in the position),
/// ``RecordSearching`` (`/`), ``RecordSorting`` (`s`), ``RecordFiltering`` (`f`),
/// ``RecordActivityReporting``, ``RecordPresenting``, ``RecordDetailing``,
/// ``RecordLastPageReading``, ``RecordWholePageReading`` and ``RecordFeatureAvailability``. The
/// screens ask what a source can do with ``support(for:)`` and say why when it cannot.
///
/// Every call is `async` and may take a round trip to a server; cancelling the task that
/// awaits it stops the work and throws `CancellationError`. Requests name the ``RecordView``
/// (order and filter) they read through; pages go on from a ``RecordPosition`` either way, so
/// a page deep in the records costs what the first does when the source can seek. A source
/// that is not ``RecordSorting`` or ``RecordFiltering`` is only asked for ``RecordView/all``.
///
/// The four async requirements below are `nonisolated(nonsending)`: an implementation marked
/// so too runs on the caller's executor (the screens' main actor) and must never block it,
/// while a plain `async` one runs off the caller, as any concurrent function does.
///
/// ```swift
/// let people = MemoryRecordSource(
///   name: "people", columns: ["id", "name"],
///   records: [[.integer(1), .text("Ada")], [.integer(2), .text("Grace")]], keyColumns: [0])
/// let first = try await people.page(after: nil, in: .all, limit: 50)
/// ```
public protocol RecordSource: Sendable {
  /// The records' name, for the title line: a table's, a file's.
  var name: String { get }
  /// The columns, in the order values come in.
  var columns: [RecordColumn] { get }
  /// The columns that hold the key, which the grid freezes at its left; empty when the key is
  /// not a column, such as a line number.
  var keyColumns: [Int] { get }

  /// The records after `position` in `view`'s order, or the first ones when it is `nil`: at
  /// most `limit`, fewer at the end.
  nonisolated(nonsending) func page(
    after position: RecordPosition?, in view: RecordView, limit: Int
  ) async throws -> [PageRecord]

  /// The records before `position` in `view`'s order, or the last ones when it is `nil`, in
  /// order (the one just before `position` last): at most `limit`, fewer at the start.
  nonisolated(nonsending) func page(
    before position: RecordPosition?, in view: RecordView, limit: Int
  ) async throws -> [PageRecord]

  /// How many records `view` holds.
  nonisolated(nonsending) func count(in view: RecordView) async throws -> RecordCount

  /// Every value of the record with key `key`, whole, or `nil` when there is none.
  nonisolated(nonsending) func wholeRecord(key: RecordKey) async throws -> [CellValue]?
}
