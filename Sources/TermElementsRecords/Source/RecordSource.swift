/// Where the records screens read from: one table, sheet or file of records, with no SQL and
/// no dialect outside it.
///
/// Every call is `async` and may take a round trip to a server; cancelling the task that
/// awaits it stops the work and throws `CancellationError`. Requests name the
/// ``RecordView`` (order and filter) they read through; pages go on from a
/// ``RecordPosition`` either way, so a page deep in the records costs what the first does
/// when the source can seek.
///
/// A source says what it cannot do, or what costs it a scan of everything, with
/// ``support(for:)``; the screens hide what is ``FeatureSupport/unavailable(_:)`` and say
/// why. The calls of an unavailable feature throw ``RecordSourceError/unavailable(_:_:)``,
/// which the protocol's defaults do.
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
  /// The language of ``RecordView/filter``, for the prompt (`SQL expression`), or `nil` when
  /// the source cannot filter.
  var filterLanguage: String? { get }

  /// What records come in order of in the key's order when no column holds the key, for the
  /// status line (`row address (no key)`), or `nil` when the key's columns say it.
  var keyOrder: String? { get }

  /// Whether the source can do `feature`, and at what cost.
  func support(for feature: RecordFeature) -> FeatureSupport

  /// What the source is doing in the background that the status line should say, such as
  /// `indexing 43%`, or `nil` when nothing: while it says something, the screen asks again
  /// every quarter of a second, and counts the records again once it says nothing.
  var activity: String? { get }

  /// The records after `position` in `view`'s order, or the first ones when it is `nil`: at
  /// most `limit`, fewer at the end.
  func page(after position: RecordPosition?, in view: RecordView, limit: Int) async throws
    -> [PageRecord]

  /// The records before `position` in `view`'s order, or the last ones when it is `nil`, in
  /// order (the one just before `position` last): at most `limit`, fewer at the start.
  func page(before position: RecordPosition?, in view: RecordView, limit: Int) async throws
    -> [PageRecord]

  /// How many records `view` holds.
  func count(in view: RecordView) async throws -> RecordCount

  /// The last `limit` records of `view` and how many there are, read together, so that they
  /// agree even while the records change: where End goes.
  func lastPage(in view: RecordView, limit: Int) async throws -> (
    records: [PageRecord], count: RecordCount
  )

  /// The position of the record after the first `offset` ones of `view`, or `nil` past the
  /// end: where `:N` goes.
  func position(atOffset offset: Int, in view: RecordView) async throws -> RecordPosition?

  /// The position in `view` of the record with key `key`, or `nil` if it is not among its
  /// records: what keeps a record in sight when the order or the filter changes.
  func position(ofKey key: RecordKey, in view: RecordView) async throws -> RecordPosition?

  /// How many records of `view` come before `position`: the record there is number
  /// `rank + 1`.
  func rank(of position: RecordPosition, in view: RecordView) async throws -> Int

  /// The next record after `start` (before it, going back) whose values contain `text` by
  /// ``SearchText``'s rule, or `nil` when none does up to the end of `view`.
  ///
  /// `progress` hears how many records were read so far, from time to time, on any thread.
  func search(
    _ text: SearchText, from start: RecordPosition?, forward: Bool, in view: RecordView,
    progress: @escaping @Sendable (Int) -> Void
  ) async throws -> PageRecord?

  /// How the record with key `key` is named in the title of its screen: `id 17`, `a, b y, 7`,
  /// `record 12`.
  func title(ofKey key: RecordKey) -> String

  /// Every value of the record with key `key`, whole, or `nil` when there is none.
  func wholeRecord(key: RecordKey) async throws -> [CellValue]?

  /// The values of the record with key `key` as the detail screen shows them, or `nil` when
  /// there is none: by default ``wholeRecord(key:)``'s, each whole; a source whose values may
  /// be too large to hold gives the start of a long text and its size instead.
  func detailRecord(key: RecordKey) async throws -> [DetailValue]?

  /// Checks a filter typed by the user; throws ``RecordSourceError/badFilter(_:)`` with the
  /// source's own words when it is not one.
  func validate(filter: String) async throws

  /// Whether sorting by `column` is available, and what it costs in `view`: a column with no
  /// index is ``FeatureSupport/slow(_:)``.
  func sortSupport(column: Int, in view: RecordView) async throws -> FeatureSupport
}

extension RecordSource {
  /// The values of ``wholeRecord(key:)``, each whole.
  public func detailRecord(key: RecordKey) async throws -> [DetailValue]? {
    try await wholeRecord(key: key)?.map { DetailValue($0) }
  }

  /// Every feature available.
  public func support(for feature: RecordFeature) -> FeatureSupport { .available }

  /// Nothing in the background.
  public var activity: String? { nil }

  /// Nothing to say: the key's columns, or the source's name, tell the order.
  public var keyOrder: String? { nil }

  /// The names of the key's columns and the key's values (`id 17`); `record` and the values
  /// when the key is not a column.
  public func title(ofKey key: RecordKey) -> String {
    let values = key.values.map(\.cellText).joined(separator: ", ")
    let names = keyColumns.filter { columns.indices.contains($0) }.map { columns[$0].name }
    return names.isEmpty ? "record \(values)" : "\(names.joined(separator: ", ")) \(values)"
  }

  /// The last page, then the count: two requests, for a source whose records do not change
  /// under it.
  public func lastPage(in view: RecordView, limit: Int) async throws -> (
    records: [PageRecord], count: RecordCount
  ) {
    let records = try await page(before: nil, in: view, limit: limit)
    return (records, try await count(in: view))
  }

  /// What ``support(for:)`` says of ``RecordFeature/sort``.
  public func sortSupport(column: Int, in view: RecordView) async throws -> FeatureSupport {
    support(for: .sort)
  }

  /// Throws when ``support(for:)`` says `feature` is unavailable.
  public func require(_ feature: RecordFeature) throws(RecordSourceError) {
    if case .unavailable(let reason) = support(for: feature) {
      throw .unavailable(feature, reason)
    }
  }
}
