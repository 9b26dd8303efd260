import Glibc
import Synchronization

/// The records of a `.csv` (comma) or `.tsv` (tab) file: one sheet whose first line names the
/// columns, read with `pread` a chunk at a time and never loaded whole or written.
///
/// A record's key is its number in the file, `RecordKey([.integer(n)])` from 1, and
/// ``keyColumns`` is empty. The first page is parsed from the start of the file, and the last
/// (End) from its end by reading backwards, both at once; meanwhile an index of where every
/// 64th record starts is built in the background (see ``indexProgress`` and
/// ``indexProgressUpdates()``), and counts, `:N` and ranks become exact as it goes.
///
/// Until the index reaches the end of the file, the records End reads have no number yet: their
/// keys count back from the end, `-1` for the last record, `-2` for the one before. The source
/// takes either form of key as long as it lives; once the count is known it answers with
/// numbers from 1, and ``position(ofKey:in:)`` turns a key from the end into the number.
///
/// Sorting by a column (`.slow`) and filtering with ``filterLanguage``'s `column = value` read
/// the whole file once and keep the view's record numbers in memory; their pages then seek by
/// the index.
///
/// Rows with fewer fields than the header end in ``CellValue/null``; the fields of a row with
/// more are kept by folding the extra ones into the last column, joined by the delimiter, as
/// text (the columns are the header's, so that they never change under a screen).
///
/// ```swift
/// let source = try CSVRecordSource(path: "/tmp/people.csv")
/// let first = try await source.page(after: nil, in: .all, limit: 50)
/// let last = try await source.page(before: nil, in: .all, limit: 50)
/// ```
public final class CSVRecordSource: RecordJumping, RecordRanking, RecordSearching, RecordSorting,
  RecordFiltering, RecordActivityReporting, RecordPresenting, RecordDetailing,
  RecordFeatureAvailability
{
  /// The file's name, without its directory.
  public let name: String
  /// The header's names, one column per field of the first line.
  public let columns: [RecordColumn]
  /// None: the key, a record number, is not a column.
  public var keyColumns: [Int] { [] }
  /// The language of filters: ``RecordFilter``'s (`city = 'Oslo' and amount > 10`), columns by
  /// their names (`""` for an empty one; a repeated name means the first column with it).
  public var filterLanguage: String { RecordFilter.language }
  /// The field delimiter: `,` or tab.
  public let delimiter: UInt8

  let file: CSVFile
  let index: CSVIndex
  /// Where the first record starts: after the BOM and the header.
  let dataStart: UInt64
  /// Bytes the End algorithm reads back first; it widens the window 4 times over as needed.
  let backwardWindow: Int
  /// Bytes a search, a filter or a sort reads at a time when it reads the file by its bytes
  /// (``CSVBlockScan``).
  let scanBlockSize: Int
  /// The keys a sort holds in memory at a time per thread: 6 MiB of them by default; more go
  /// to a temporary file in ``sortDirectory``, made and removed at once.
  let sortRunLimit: Int
  /// Where a sort keeps its runs of keys: `$TMPDIR`, or `/tmp`.
  let sortDirectory: String
  /// Where records handed out start, by key (negative keys too), to go on from them at once.
  let knownStarts = Mutex<[Int64: UInt64]>([:])
  /// The records of the last view with a filter or a column's order, for its pages.
  let viewOrders = Mutex<CSVViewOrder?>(nil)
  /// How far the read of the whole file for a sort or a filter got, from 0 to 1, while one runs.
  let viewProgress = Mutex<Double?>(nil)
  /// The index's build.
  private let indexTask = Mutex<Task<Void, Never>?>(nil)

  /// Opens the file at `path`: tab-separated when its name ends in `.tsv`, comma-separated
  /// otherwise, unless `delimiter` says.
  ///
  /// Throws ``RecordSourceError/failed(_:)`` with one message when the file is missing or
  /// unreadable, a directory, or not text (it holds NUL bytes).
  public convenience init(path: String, delimiter: UInt8? = nil) throws(RecordSourceError) {
    try self.init(path: path, delimiter: delimiter, indexInBackground: true)
  }

  /// Opens the file, starting its index at once when `indexInBackground`, otherwise when
  /// ``startIndexing()`` is called.
  init(
    path: String, delimiter: UInt8?, indexInBackground: Bool, backwardWindow: Int = 64 << 10,
    scanBlockSize: Int = 4 << 20, sortRunLimit: Int = 1 << 18, sortDirectory: String? = nil
  ) throws(RecordSourceError) {
    let file = try CSVFile(path: path)
    let lowered = path.lowercased()
    let delimiter =
      delimiter ?? (lowered.hasSuffix(".tsv") ? UInt8(ascii: "\t") : UInt8(ascii: ","))
    let head = try file.bytes(at: 0, count: 64 << 10)
    if head.contains(0) {
      throw .failed("\(path) is not a text file: it holds NUL bytes")
    }
    let bom: UInt64 = head.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    var reader = CSVReader(file: file, delimiter: delimiter, from: bom)
    if try reader.next() {
      columns = reader.fields().map {
        RecordColumn(CSVValue.text($0.isCut ? CSVValue.complete($0.bytes) : $0.bytes, cut: true))
      }
      dataStart = reader.nextOffset
    } else {
      columns = []
      dataStart = file.size
    }
    self.file = file
    self.delimiter = delimiter
    self.name = String(path.split(separator: "/").last ?? Substring(path))
    self.backwardWindow = backwardWindow
    self.scanBlockSize = scanBlockSize
    self.sortRunLimit = max(1, sortRunLimit)
    self.sortDirectory = sortDirectory ?? getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
    index = CSVIndex(file: file, delimiter: delimiter, dataStart: dataStart)
    if indexInBackground { startIndexing() }
  }

  deinit {
    indexTask.withLock { $0?.cancel() }
  }

  /// Starts building the index, unless it is started.
  func startIndexing() {
    indexTask.withLock { task in
      guard task == nil else { return }
      task = Task.detached(priority: .utility) { [index] in await index.build() }
    }
  }

  /// Whether the index is being built or is complete, so that a read by bytes can wait for it.
  var indexIsUnderWay: Bool {
    indexTask.withLock { $0 != nil } && index.state.withLock { $0.failure == nil }
  }

  /// How far the index has read: records and counts are exact once it is complete.
  public var indexProgress: CSVIndexProgress { index.progress }

  /// `indexing 43%` while the index is built, so that the status line says why positions are
  /// not all known yet, and `reading the file 43%` while a sort or a filter reads it whole.
  public var activity: String? {
    if let fraction = viewProgress.withLock({ $0 }) {
      return "reading the file \(Int(fraction * 100))%"
    }
    let progress = indexProgress
    guard !progress.isComplete, progress.failure == nil else { return nil }
    return "indexing \(Int(progress.fraction * 100))%"
  }

  /// The index's progress from now until it is complete, for a screen to show.
  ///
  /// ```swift
  /// for await progress in source.indexProgressUpdates() {
  ///   status = "indexing \(Int(progress.fraction * 100))%"
  /// }
  /// ```
  public func indexProgressUpdates() -> AsyncStream<CSVIndexProgress> { index.updates() }

  /// Waits until the index reaches the end of the file; throws its error if it failed.
  public func waitForIndex() async throws {
    _ = try await index.wait { $0.isComplete }
  }

  /// Sorting and filtering read the whole file; searching and jumping cost about a page.
  public func availability(of feature: RecordFeature) -> FeatureSupport {
    switch feature {
    case .sort: .slow("sorting reads the whole file")
    case .filter: .slow("filtering reads the whole file")
    case .search, .jump: .available
    case .valueCounts: .slow("counting reads the whole file")
    case .summary: .slow("the summary reads the whole file, a column at a time")
    }
  }

  /// Throws ``RecordSourceError/badFilter(_:)`` when `filter` is not one in
  /// ``RecordFilter``'s language over the columns of the file.
  public func validate(filter: String) async throws {
    _ = try RecordFilter.parse(filter, columns: columns)
  }

  /// Exact once the index is complete; until then estimated from the records the index has
  /// counted and the bytes it read, or unknown before it has read any. Through a filter, it
  /// reads the whole file and is exact.
  public func count(in view: RecordView) async throws -> RecordCount {
    try check(view)
    if view.filter != nil { return .exact(try await viewOrder(view).count) }
    let state = index.state.withLock { ($0.isComplete, $0.records, $0.bytesRead) }
    if state.0 { return .exact(state.1) }
    guard state.1 > 0, state.2 > 0 else { return .unknown }
    let total = Double(file.size - dataStart)
    return .estimated(max(state.1, Int((Double(state.1) / Double(state.2) * total).rounded())))
  }

  /// `record 12`, by its number in the file; a record read from the end before the index
  /// counted the file is `record 3 from the end` until it has.
  public func title(ofKey key: RecordKey) -> String {
    guard case .integer(let number)? = key.values.first else { return "record ?" }
    let known = canonical(number)
    return known > 0 ? "record \(CellValue.grouped(Int(known)))" : "record \(-known) from the end"
  }

  /// Every value of the record, none cut; `nil` when there is no such record. It holds a huge
  /// field whole: the detail screen reads ``detailRecord(key:)`` instead.
  public func wholeRecord(key: RecordKey) async throws -> [CellValue]? {
    guard let (_, start) = try await resolve(key) else { return nil }
    var reader = CSVReader(file: file, delimiter: delimiter, from: start, fieldLimit: .max)
    guard try reader.next() else { return nil }
    return shape(reader.fields(), cut: false)
  }

  /// The record for the detail screen: each value whole up to ``DetailContent/jsonLimit``
  /// bytes, a longer one its first bytes and its size, so that the screen shows its first
  /// ``DetailContent/textLimit`` bytes and says how much it left out; `nil` when there is no
  /// such record. A field of 200 MB costs 1 MiB here, not 200 MB.
  public func detailRecord(key: RecordKey) async throws -> [DetailValue]? {
    guard let (_, start) = try await resolve(key) else { return nil }
    let limit = DetailContent.jsonLimit
    var reader = CSVReader(file: file, delimiter: delimiter, from: start, fieldLimit: limit)
    guard try reader.next() else { return nil }
    let fields = reader.fields(limit: limit)
    return (0..<columns.count).map { column in
      let field = self.field(ofColumn: column, in: fields)
      let value = field.map { CSVValue.value($0, cut: false) } ?? .null
      return DetailValue(value, wholeByteCount: field.flatMap { $0.isCut ? $0.size : nil })
    }
  }

  /// Throws for a view this source cannot read: one with a filter that is not one, or ordered
  /// by a column it does not have.
  func check(_ view: RecordView) throws {
    if let filter = view.filter { _ = try RecordFilter.parse(filter, columns: columns) }
    if let column = view.order.column, !columns.indices.contains(column) {
      throw RecordSourceError.failed("There is no column \(column + 1) to sort by")
    }
  }

  /// The values of a record with `fields`, one per column: missing ones NULL, extra ones folded
  /// into the last column as text.
  func shape(_ fields: [CSVField], cut: Bool) -> [CellValue] {
    (0..<columns.count).map { value(ofColumn: $0, in: fields, cut: cut) }
  }

  /// The value in `column` of a record with `fields`, shaped as ``shape(_:cut:)`` shapes it.
  func value(ofColumn column: Int, in fields: [CSVField], cut: Bool) -> CellValue {
    guard let field = field(ofColumn: column, in: fields) else { return .null }
    guard column == columns.count - 1, fields.count > columns.count else {
      return CSVValue.value(field, cut: cut)
    }
    return .text(
      CSVValue.text(field.isCut ? CSVValue.complete(field.bytes) : field.bytes, cut: cut))
  }

  /// The field in `column` of a record with `fields`, `nil` when it is missing; in the last
  /// column, the extra fields joined by the delimiter (when one was cut, its start is the end
  /// of what is kept, and the size counts them all).
  func field(ofColumn column: Int, in fields: [CSVField]) -> CSVField? {
    guard column < fields.count else { return nil }
    guard column == columns.count - 1, fields.count > columns.count else {
      return fields[column]
    }
    var joined = CSVField()
    var isCut = false
    for (offset, field) in fields[column...].enumerated() {
      if offset > 0 {
        joined.size += 1
        if !isCut { joined.bytes.append(delimiter) }
      }
      joined.size += field.size
      if !isCut { joined.bytes.append(contentsOf: field.bytes) }
      isCut = isCut || field.isCut
    }
    return joined
  }
}
