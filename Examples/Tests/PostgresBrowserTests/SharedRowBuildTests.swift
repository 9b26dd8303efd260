import CLibpq
import Foundation
import Synchronization
import Testing

@testable import DataBrowserPostgres

/// The rows of a result made by the connection's thread and the reader together: each row made
/// once and in its place, whoever makes it; the reader waits for the other thread's last row;
/// a failure after the result reaches the reader, and the rows made are let go.
@Suite("Rows made by two threads")
struct SharedRowBuildTests {
  /// A row that counts the rows alive, to see that none is leaked or let go twice.
  final class Row: Sendable {
    /// The value read.
    let text: String
    /// The count of rows alive.
    let alive: Counter

    init(_ text: String, alive: Counter) {
      self.text = text
      self.alive = alive
      alive.add(1)
    }

    deinit { alive.add(-1) }
  }

  /// A number shared by threads.
  final class Counter: Sendable {
    private let value = Atomic(0)
    func add(_ amount: Int) { value.wrappingAdd(amount, ordering: .relaxed) }
    var current: Int { value.load(ordering: .relaxed) }
  }

  /// How often each row was made.
  final class Tally: Sendable {
    private let counts: Mutex<[Int]>
    init(rows: Int) { counts = Mutex([Int](repeating: 0, count: rows)) }
    func add(_ row: Int) { counts.withLock { $0[row] += 1 } }
    /// Whether every row was made once.
    var isOncePerRow: Bool { counts.withLock { $0.allSatisfy { $0 == 1 } } }
  }

  /// What the statements after the result failed with.
  struct CommitFailed: Error, Equatable {}

  /// A result of `count` rows of one text column, `row 0`, `row 1`…, as libpq holds one.
  static func result(rows count: Int) throws -> OpaquePointer {
    let result = try #require(PQmakeEmptyPGresult(nil, PGRES_TUPLES_OK))
    let name = strdup("value")
    defer { free(name) }
    var attribute = PGresAttDesc(
      name: name, tableid: 0, columnid: 0, format: 0, typid: 25, typlen: -1, atttypmod: -1)
    #expect(PQsetResultAttrs(result, 1, &attribute) == 1)
    for index in 0..<count {
      var text = Array("row \(index)".utf8CString)
      #expect(PQsetvalue(result, Int32(index), 0, &text, Int32(text.count - 1)) == 1)
    }
    return result
  }

  /// A build of a result of `count` rows that counts, per row, how often it was made; the
  /// first row takes `firstRowDelay` milliseconds to make.
  static func build(
    rows count: Int, alive: Counter, made: Tally, firstRowDelay: Int = 0
  ) throws -> SharedRowBuild<Row> {
    SharedRowBuild(result: try result(rows: count)) { row in
      if row.index == 0 && firstRowDelay > 0 { usleep(UInt32(firstRowDelay * 1000)) }
      made.add(Int(row.index))
      return Row(row.text(0) ?? "NULL", alive: alive)
    }
  }

  /// What the connection's thread does once it handed the result over: the outcome after
  /// `delay` milliseconds, with which it makes rows and lets the reader go on.
  static func connectionThread(
    _ build: SharedRowBuild<Row>, failure: (any Error)? = nil, delay: Int = 0
  ) throws {
    try ConnectionThread.detach {
      if delay > 0 { usleep(UInt32(delay * 1000)) }
      build.finish(failure.map { .failure($0) } ?? .success(()))
    }
  }

  @Test("Every row is made once and lands in its place, whichever thread makes it")
  func everyRowOnce() async throws {
    let alive = Counter()
    for count in [32, 33, 200, 1_000] {
      for _ in 0..<50 {
        let made = Tally(rows: count)
        let build = try Self.build(rows: count, alive: alive, made: made)
        try Self.connectionThread(build)
        let rows = try await build.rows()
        #expect(rows.map { $0.text } == (0..<count).map { "row \($0)" })
        #expect(made.isOncePerRow)
      }
    }
    #expect(alive.current == 0)
  }

  @Test("The reader waits for the connection's thread, however late it comes")
  func readerWaits() async throws {
    let alive = Counter()
    let made = Tally(rows: 200)
    let build = try Self.build(rows: 200, alive: alive, made: made)
    try Self.connectionThread(build, delay: 50)
    let rows = try await build.rows()
    #expect(rows.map { $0.text } == (0..<200).map { "row \($0)" })
    #expect(made.isOncePerRow)
  }

  @Test("The reader waits for a row the connection's thread is still making")
  func readerWaitsForRow() async throws {
    let alive = Counter()
    for _ in 0..<5 {
      let made = Tally(rows: 200)
      let build = try Self.build(rows: 200, alive: alive, made: made, firstRowDelay: 20)
      try Self.connectionThread(build)
      // The connection's thread claims the first row, and makes it for 20 ms: the reader makes
      // the others meanwhile, then waits.
      try await Task.sleep(for: .milliseconds(5))
      let rows = try await build.rows()
      #expect(rows.map { $0.text } == (0..<200).map { "row \($0)" })
      #expect(made.isOncePerRow)
    }
    #expect(alive.current == 0)
  }

  @Test("A failure after the result reaches the reader, and the rows made are let go")
  func failureReachesReader() async throws {
    let alive = Counter()
    for delay in [0, 20] {
      let made = Tally(rows: 100)
      var build: SharedRowBuild<Row>? = try Self.build(rows: 100, alive: alive, made: made)
      try Self.connectionThread(try #require(build), failure: CommitFailed(), delay: delay)
      await #expect(throws: CommitFailed.self) { try await build?.rows() }
      #expect(made.isOncePerRow)
      build = nil
    }
    // The connection's thread lets go of the build once it is done with it.
    for _ in 0..<100 where alive.current != 0 { try await Task.sleep(for: .milliseconds(10)) }
    #expect(alive.current == 0)
  }
}
