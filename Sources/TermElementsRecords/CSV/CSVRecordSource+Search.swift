/// Searching the records for text, either way, from a position.
extension CSVRecordSource {
  /// Records read between checks for cancellation.
  static let searchCheckInterval = 1024
  /// Records read between progress reports.
  static let searchProgressInterval = 4096

  /// The next record after `start` (before it, going back) with a value in `columns` that
  /// contains `text`: in the key's order it reads from the file from `start` on; through a
  /// filter or in a column's order it reads the whole file once and then walks the view's
  /// order. Cancelling the task throws `CancellationError` within a thousand records or so.
  public func search(
    _ text: SearchText, columns: Set<Int>?, from start: RecordPosition?, forward: Bool,
    in view: RecordView, progress: @escaping @Sendable (Int) -> Void
  ) async throws -> PageRecord? {
    try check(view)
    // Every column is the plain search; no column finds nothing.
    var searched = columns?.filter { self.columns.indices.contains($0) }
    if searched?.count == self.columns.count { searched = nil }
    guard !text.isEmpty, searched?.isEmpty != true else { return nil }
    let matcher = CSVSearchMatcher(text, delimiter: delimiter, columns: searched)
    if needsViewOrder(view) {
      return try await searchViewOrder(
        matcher, from: start, forward: forward, view, progress: progress)
    }
    let inFileOrder = forward != view.order.descending
    var found: CSVRawRecord?
    // Backward before the index is done, End's way of reading back is quicker than waiting.
    if let probe = CSVByteProbe(text, delimiter: delimiter),
      indexIsUnderWay, inFileOrder || index.completeCount != nil
    {
      do {
        found = try await scanSearch(
          matcher, probe, from: start?.key, forward: inFileOrder, progress: progress)
        return found.flatMap { pageRecords([$0]).first }
      } catch is CSVBlockScan<CSVRawRecord>.Unavailable {}
    }
    found = try await recordSearch(
      matcher, from: start?.key, forward: inFileOrder, progress: progress)
    return found.flatMap { pageRecords([$0]).first }
  }

  /// The next record after the one with `key` (before it, going back; from either end when
  /// `nil`) that matches, read record by record: what a search does when its text has no
  /// character it can find by bytes, and what a search by bytes must agree with.
  func recordSearch(
    _ matcher: CSVSearchMatcher, from key: RecordKey?, forward: Bool,
    progress: @escaping @Sendable (Int) -> Void
  ) async throws -> CSVRawRecord? {
    forward
      ? try await searchForward(matcher, after: key, progress: progress)
      : try await searchBackward(matcher, before: key, progress: progress)
  }

  /// Whether the record `reader` just read has a value in the matcher's columns that contains
  /// the text; a long record is read again a chunk at a time (``recordMatches(_:in:at:)``).
  ///
  /// The record's bytes are looked at first: those of the searched columns' fields only, when
  /// some columns are not searched, so that a record that holds the text in those alone is
  /// passed over before any value is built; then the searched values, one by one.
  func matches(_ matcher: CSVSearchMatcher, _ reader: CSVReader) throws -> Bool {
    if reader.isLong {
      return try recordMatches(matcher.text, in: matcher.columns, at: reader.recordStart)
    }
    guard let searched = matcher.columns else {
      let possible = reader.withRecord { bytes, _, content in matcher.mayMatch(bytes, content) }
      return possible && matcher.text.matches(any: shape(reader.fields(), cut: false))
    }
    let possible = reader.withRecord { bytes, spans, _ in
      searched.contains { column in
        byteRange(ofColumn: column, in: spans).map { matcher.mayMatch(bytes, $0) } ?? false
      }
    }
    guard possible else { return false }
    let fields = reader.fields()
    return searched.contains { matcher.text.matches(value(ofColumn: $0, in: fields, cut: false)) }
  }

  /// Where the field in `column` lies, as written, in a record whose fields are `spans`; in the
  /// last column, through the fields past it, which its value joins (see
  /// ``field(ofColumn:in:)``). `nil` when the record has no such field.
  func byteRange(ofColumn column: Int, in spans: [CSVFieldSpan]) -> Range<Int>? {
    guard column < spans.count, let last = spans.last else { return nil }
    let end = column == columns.count - 1 ? last.end : spans[column].end
    return spans[column].start..<end
  }

  /// Whether `record`, its values as a page shows them, has a value in `columns` (any, when
  /// `nil`) that contains `text`: one that may be cut is read again a chunk at a time.
  private func matches(_ text: SearchText, in columns: Set<Int>?, _ record: CSVRawRecord) throws
    -> Bool
  {
    if record.isCut { return try recordMatches(text, in: columns, at: record.start) }
    return text.matches(any: record.values, in: columns)
  }

  /// Whether the record that starts at `start` has a value in `columns` (any, when `nil`) that
  /// contains `text`: every byte of every such value is looked at as it is read a chunk at a
  /// time (see ``CSVFieldSearch``), and no value is held whole, so that text deep in a field of
  /// 200 MB is found in bounded memory.
  func recordMatches(_ text: SearchText, in columns: Set<Int>?, at start: UInt64) throws -> Bool {
    let search = CSVFieldSearch(
      text, columns: self.columns.count, delimiter: delimiter, searched: columns)
    return try streamMatches(search, start)
  }

  /// Whether the value in `column` of the record that starts at `start` contains `text`, read
  /// as ``recordMatches(_:in:at:)`` reads it: what a filter's `~` does with a value cut short.
  func fieldContains(_ text: SearchText, column: Int, at start: UInt64) throws -> Bool {
    try recordMatches(text, in: [column], at: start)
  }

  /// Runs `search` over the record that starts at `start`, a chunk at a time, until it finds
  /// its text or the record ends.
  private func streamMatches(_ search: CSVFieldSearch, _ start: UInt64) throws -> Bool {
    var search = search
    var stream = CSVFieldStream(delimiter: delimiter, limit: 0)
    stream.observe = { field, run in search.feed(field, run) }
    var offset = start
    var chunkSize = CSVReader.firstChunkSize
    var bytes: [UInt8] = []
    while !search.found {
      try Task.checkCancellation()
      try file.read(into: &bytes, at: offset, count: chunkSize)
      chunkSize = min(CSVReader.chunkSize, chunkSize * 4)
      if bytes.isEmpty {
        stream.finish()
        break
      }
      if bytes.withUnsafeBufferPointer({ stream.feed($0, from: 0) }) != nil { break }
      offset += UInt64(bytes.count)
    }
    return search.found
  }

  /// The first record after the one with `key` (from the first when `nil`) that matches.
  private func searchForward(
    _ matcher: CSVSearchMatcher, after key: RecordKey?, progress: @Sendable (Int) -> Void
  ) async throws -> CSVRawRecord? {
    var start = dataStart
    var number: Int64 = 1
    if let key {
      guard let found = try await resolve(key) else { return nil }
      var reader = CSVReader(file: file, delimiter: delimiter, from: found.start, fieldLimit: 0)
      guard try reader.next() else { return nil }
      (start, number) = (reader.nextOffset, found.number + 1)
    }
    var reader = CSVReader(file: file, delimiter: delimiter, from: start)
    var read = 0
    while try reader.next() {
      read += 1
      if read % Self.searchCheckInterval == 0 {
        try Task.checkCancellation()
        await Task.yield()
      }
      if read % Self.searchProgressInterval == 0 { progress(read) }
      if try matches(matcher, reader) {
        progress(read)
        return pageRecord(reader, number: number)
      }
      number += 1
    }
    progress(read)
    return nil
  }

  /// The last record before the one with `key` (from the end when `nil`) that matches.
  private func searchBackward(
    _ matcher: CSVSearchMatcher, before key: RecordKey?, progress: @Sendable (Int) -> Void
  ) async throws -> CSVRawRecord? {
    var end = file.size
    var number = Int64(index.completeCount ?? -1) + 1
    if let key {
      guard let found = try await resolve(key) else { return nil }
      (end, number) = (found.start, found.number)
    }
    var read = 0
    while end > dataStart {
      try Task.checkCancellation()
      await Task.yield()
      let batch = try await records(before: end, numbered: number, limit: Self.searchCheckInterval)
      guard let first = batch.first else { break }
      for record in batch.reversed() {
        read += 1
        if read % Self.searchProgressInterval == 0 { progress(read) }
        if try matches(matcher.text, in: matcher.columns, record) {
          progress(read)
          return record
        }
      }
      (end, number) = (first.start, first.number)
    }
    progress(read)
    return nil
  }

  /// The next match through a filter or in a column's order: which records match comes from
  /// one read of the file; then the view's order is walked from `start`.
  private func searchViewOrder(
    _ matcher: CSVSearchMatcher, from start: RecordPosition?, forward: Bool,
    _ view: RecordView, progress: @Sendable (Int) -> Void
  ) async throws -> PageRecord? {
    let sorted = try await viewOrder(view)
    let recordCount = sorted.ranks.count
    var matching = [Bool](repeating: false, count: recordCount)
    var reader = CSVReader(file: file, delimiter: delimiter, from: dataStart)
    var read = 0
    while read < recordCount, try reader.next() {
      if read % Self.searchCheckInterval == 0 {
        try Task.checkCancellation()
        await Task.yield()
      }
      matching[read] = try matches(matcher, reader)
      read += 1
      if read % Self.searchProgressInterval == 0 { progress(read) }
    }
    progress(read)
    var ordinal = forward ? 0 : sorted.count - 1
    if let start {
      ordinal = try await self.ordinal(of: start, in: sorted, view) + (forward ? 1 : -1)
    }
    while ordinal >= 0 && ordinal < sorted.count {
      let number = sorted.recordNumber(atOrdinal: ordinal, descending: view.order.descending)
      if matching[number - 1] {
        return try await viewPage(sorted, view, ordinals: ordinal..<ordinal + 1).first
      }
      ordinal += forward ? 1 : -1
    }
    return nil
  }
}
