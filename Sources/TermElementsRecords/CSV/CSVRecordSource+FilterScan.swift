import Synchronization

/// Filtering by bytes: when every record a filter keeps holds a text (``RecordFilter``'s
/// `requiredText`), a ``CSVBlockScan`` looks for the text's bytes and reads only the records
/// that hold them: a page of a filter in the key's order reads until it has its records, and
/// the whole view (its count, ranks and positions) is one pass over the bytes on two threads.
/// A record found is checked first in the block's bytes on the fields the filter reads
/// (``CSVFilterCheck``), and read whole only when it passes on its way to a page.
extension CSVRecordSource {
  /// The probe of what every record `filter` keeps holds, or `nil` when the filter needs no
  /// text or the text cannot be found by its bytes, or the index cannot be waited for.
  func probe(of filter: RecordFilter) -> CSVByteProbe? {
    guard indexIsUnderWay, let text = filter.requiredText else { return nil }
    return CSVByteProbe(SearchText(text), delimiter: delimiter)
  }

  /// Whether `view` is read by a ``CSVBlockScan`` a page at a time: a filter in the key's order
  /// whose records hold a text, and no view of the whole file kept for it.
  func scansPages(of view: RecordView) -> Bool {
    guard view.order.column == nil, let text = view.filter else { return false }
    if let kept = viewOrders.withLock({ $0 }), kept.serves(view) { return false }
    guard let filter = try? RecordFilter.parse(text, columns: columns) else { return false }
    return probe(of: filter) != nil
  }

  /// Up to `limit` records of `view` (a filter in the key's order) after the one with `key`
  /// (from the first when `nil`) or, not `forward`, before it (from the last), in the file's
  /// order; `nil` when the file has more places of text after a closing quote than the index
  /// keeps, so that the view is read whole instead.
  func scannedRecords(
    of view: RecordView, from key: RecordKey?, forward: Bool, limit: Int
  ) async throws -> [CSVRawRecord]? {
    guard let text = view.filter, limit > 0 else { return [] }
    let filter = try RecordFilter.parse(text, columns: columns)
    guard let probe = probe(of: filter) else { return nil }
    var range = dataStart..<file.size
    if let key {
      guard let found = try await resolve(key) else { return [] }
      if forward {
        var reader = CSVReader(file: file, delimiter: delimiter, from: found.start, fieldLimit: 0)
        guard try reader.next() else { return [] }
        range = reader.nextOffset..<file.size
      } else {
        range = dataStart..<found.start
      }
    }
    let kept = Mutex<[CSVRawRecord]>([])
    let check = CSVFilterCheck(filter, columnCount: columns.count, delimiter: delimiter)
    var scan = CSVBlockScan<CSVRawRecord>(
      source: self, probe: probe, range: range, forward: forward,
      fieldLimit: CSVValue.compareByteLimit,
      visit: { reader, number in
        let fields = reader.fields(limit: CSVValue.compareByteLimit)
        guard try self.passes(filter, fields, start: reader.recordStart) else { return nil }
        return self.pageRecord(reader, number: number)
      },
      accept: { found, _ in
        kept.withLock { kept in
          kept += found.prefix(limit - kept.count)
          return kept.count < limit
        }
      })
    // A record that fails is passed over in place; one that passes is read for its page.
    if let check {
      scan.judge = { bytes, start, atEnd, _ in
        guard let (passes, next) = check.passes(bytes, from: start, atEnd: atEnd), !passes
        else { return nil }
        return (nil, next)
      }
    }
    do {
      try await scan.run()
    } catch is CSVBlockScan<CSVRawRecord>.Unavailable {
      return nil
    }
    let records = kept.withLock { $0 }
    return forward ? records : records.reversed()
  }

  /// The numbers less one of the records that pass `filter`, in the file's order, read in one
  /// pass over the bytes; `nil` when the filter needs no text, or the file has more places of
  /// text after a closing quote than the index keeps. ``viewProgress`` follows it.
  func scannedFilter(_ filter: RecordFilter) async throws -> [Int32]? {
    guard let probe = probe(of: filter) else { return nil }
    let included = Mutex<[Int32]>([])
    let size = Double(max(1, file.size))
    let check = CSVFilterCheck(filter, columnCount: columns.count, delimiter: delimiter)
    var scan = CSVBlockScan<Int32>(
      source: self, probe: probe, range: dataStart..<file.size, forward: true,
      fieldLimit: CSVValue.compareByteLimit,
      visit: { reader, number in
        let fields = reader.fields(limit: CSVValue.compareByteLimit)
        return try self.passes(filter, fields, start: reader.recordStart)
          ? Int32(number - 1) : nil
      },
      accept: { found, reached in
        included.withLock { $0 += found }
        self.viewProgress.withLock { $0 = Double(reached) / size }
        return true
      })
    // Each record checked in place, on the fields the filter reads.
    if let check {
      scan.judge = { bytes, start, atEnd, number in
        guard let (passes, next) = check.passes(bytes, from: start, atEnd: atEnd) else {
          return nil
        }
        return (passes ? Int32(number - 1) : nil, next)
      }
    }
    do {
      try await scan.run()
    } catch is CSVBlockScan<Int32>.Unavailable {
      return nil
    }
    return included.withLock { $0 }
  }
}
