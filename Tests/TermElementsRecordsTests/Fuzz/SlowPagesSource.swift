import TermElementsRecords

/// Records in memory whose pages take `turns` turns of the executor to come, so that keys and
/// frames go on while they are on their way: the records fuzz's slow source. Turns rather
/// than time, so that a seed replays the same.
struct SlowPagesSource: FullWrappingSource {
  let base: MemoryRecordSource
  /// Turns each page waits.
  let turns: Int

  /// Gives way `turns` times.
  func wait() async {
    for _ in 0..<turns { await Task.yield() }
  }

  func page(after position: RecordPosition?, in view: RecordView, limit: Int) async throws
    -> [PageRecord]
  {
    await wait()
    return try await base.page(after: position, in: view, limit: limit)
  }

  func page(before position: RecordPosition?, in view: RecordView, limit: Int) async throws
    -> [PageRecord]
  {
    await wait()
    return try await base.page(before: position, in: view, limit: limit)
  }
}
