/// A source that reads pages of whole values, every text and BLOB as long as it is, for the
/// export of a view (`e`): one request a page, where the default reads a page and then each
/// record that may hold a cut value on its own.
///
/// A source that keeps its values whole (``MemoryRecordSource``) gives its pages; a SQL
/// source selects the whole columns rather than their starts.
public protocol RecordWholePageReading: RecordSource {
  /// The records after `position` in `view`'s order, or the first ones when it is `nil`, as
  /// ``RecordSource/page(after:in:limit:)`` reads them but with every value whole: at most
  /// `limit`, fewer at the end.
  func wholePage(after position: RecordPosition?, in view: RecordView, limit: Int) async throws
    -> [PageRecord]
}

extension RecordSource {
  /// The page after `position`, each record that may hold a cut value (``mayBeCut(_:)``) read
  /// again whole with ``wholeRecord(key:)``: for a source that does not read pages of whole
  /// values itself. A record gone from the source meanwhile keeps the values of its page.
  func pageThenWholeRecords(after position: RecordPosition?, in view: RecordView, limit: Int)
    async throws -> [PageRecord]
  {
    var records = try await page(after: position, in: view, limit: limit)
    for index in records.indices where records[index].values.contains(where: Self.mayBeCut) {
      if let whole = try await wholeRecord(key: records[index].key) {
        records[index].values = whole
      }
    }
    return records
  }

  /// Whether a page may hold only the start of `value`: a BLOB with fewer bytes than its size,
  /// or a text of 1,024 bytes or more, as long as the start a page keeps (1,024 characters)
  /// can be.
  static func mayBeCut(_ value: CellValue) -> Bool {
    switch value {
    case .blob(let size, let prefix): prefix.count < size
    case .text(let text), .json(let text): text.utf8.count >= wholeCheckBytes
    default: false
    }
  }

  /// The bytes of text from which a page's value is read again whole.
  static var wholeCheckBytes: Int { 1_024 }
}
