import Synchronization
import Testing

@testable import TermElementsRecords

/// `r` tries again what failed: the pages whose error rows show, or else the last jump,
/// search, sort or filter, as after a server dropped the connection.
@MainActor
@Suite("Retrying what failed")
struct RetryTests {
  @Test("r goes to the last record again after End failed once")
  func retriesFailedWork() async throws {
    let records = (1...40).map { [CellValue.integer(Int64($0))] }
    let source = FailingOnceSource(
      base: MemoryRecordSource(name: "log", columns: ["n"], records: records, keyColumns: [0]))
    let screen = try await RecordsScreen.open(source, pageSize: 5)
    await screen.waitUntilIdle()
    screen.go(to: .last)
    await screen.waitUntilIdle()
    #expect(screen.statusText() == "⚠ lost the connection — r retries")
    #expect(screen.selectedRecord?.record.values == [.integer(1)])
    screen.handle(.key(.character("r")))
    await screen.waitUntilIdle()
    #expect(screen.selectedRecord?.record.values == [.integer(40)])
    // A filter the source refuses is not tried again: r does nothing.
    screen.filter("nonsense")
    await screen.waitUntilIdle()
    #expect(screen.statusText().hasPrefix("⚠ "))
    #expect(!screen.statusText().hasSuffix("r retries"))
    // Nothing failed: r does nothing.
    screen.handle(.key(.character("r")))
    await screen.waitUntilIdle()
    #expect(screen.selectedRecord?.record.values == [.integer(40)])
    #expect(source.failures.withLock { $0 } == 2)
  }
}

/// Records in memory whose first last page fails, as a dropped connection does.
final class FailingOnceSource: FullWrappingSource, RecordLastPageReading {
  let base: MemoryRecordSource
  /// How many last pages were asked for.
  let failures = Mutex(0)

  init(base: MemoryRecordSource) {
    self.base = base
  }

  func lastPage(in view: RecordView, limit: Int) async throws -> (
    records: [PageRecord], count: RecordCount
  ) {
    let fails = failures.withLock { asked in
      asked += 1
      return asked == 1
    }
    if fails { throw RecordSourceError.failed("lost the connection") }
    return (try await base.page(before: nil, in: view, limit: limit), .exact(40))
  }
}
