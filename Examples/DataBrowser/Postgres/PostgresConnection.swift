import CLibpq
import Glibc
import Synchronization

/// One libpq connection (`PGconn`) and the thread it is used on: opened as psql opens one, then
/// read from in pipeline mode, each read's statements sent together and their results read
/// straight from libpq's memory.
///
/// libpq's connections are not thread-safe: every call on ``handle`` runs in a job of
/// ``thread``, one at a time (on the thread, or at once on the caller's with
/// ``ConnectionThread/runNow(_:)``), and the methods marked so must be called only there.
final class PostgresConnection: @unchecked Sendable {
  // @unchecked: `handle`, `unreadSyncs`, `prepared` and `isSetUp` are used in `thread`'s jobs
  // only, one at a time (the methods that touch them say so); the rest is constant, or atomic.

  /// The thread whose jobs make every libpq call on the connection, one at a time.
  let thread: ConnectionThread
  /// The connection.
  private let handle: OpaquePointer
  /// What cancels its statements, from any thread.
  let cancelRequest: PostgresCancelRequest
  /// The server process serving it.
  let processID: Int32
  /// Where the server is, for messages: `/tmp/.s.PGSQL.5432` or `db.example.com:5432`.
  let location: String
  /// The connection as libpq describes it (`PQconninfo`), the host and port it reached, with
  /// no password: `user=ada dbname=shop host=db.example.com port=5432`.
  let description: String
  /// Whether the connection failed and must not be used again.
  private let broken = Atomic(false)
  /// Ends of transactions sent whose results are not read yet, counted by their syncs.
  private var unreadSyncs = 0
  /// The names of the statements prepared on the connection, by their SQL: a page's
  /// statement, sent again for each page of a view, is parsed (and, as the server sees fit,
  /// planned) once, and so is each statement that begins or ends a read (`BEGIN …`,
  /// `SET LOCAL statement_timeout …`, `COMMIT`), sent with every read.
  private var prepared: [String: String] = [:]
  /// The fewest rows a result holds for them to be made by two threads (``SharedRowBuild``):
  /// fewer take less than waking the reader does.
  static let sharedBuildRows: Int32 = 32
  /// The most statements prepared on one connection; those after are sent unnamed.
  static let preparedLimit = 200
  /// How many statements were prepared on the connection: the next one's name.
  private var preparedCount = 0

  /// Whether ``setup`` was sent.
  private var isSetUp = false

  /// What every connection runs before its first read, in the same round trip, each
  /// statement a transaction of its own: reads only, and values written as the browser reads
  /// them back exactly (ISO dates, floats to their last digit).
  static let setup = [
    "SET default_transaction_read_only = on", "SET DateStyle = 'ISO, MDY'",
    "SET IntervalStyle = 'postgres'", "SET extra_float_digits = 1",
  ]

  /// Opens a connection with `settings` on a new thread of its own.
  ///
  /// - Throws: ``PostgresFailure/connecting(_:)`` saying why in one line, with no password.
  static func open(_ settings: PostgresSettings) async throws -> PostgresConnection {
    Self.openSSLStaysAtExit
    let thread = try ConnectionThread()
    do {
      return try await thread.perform { try PostgresConnection(settings: settings, thread: thread) }
    } catch {
      thread.stop()
      throw error
    }
  }

  /// Connects with `settings`, blocking; on `thread`.
  private init(settings: PostgresSettings, thread: ConnectionThread) throws(PostgresFailure) {
    // The string as libpq reads it (expand_dbname), then what the browser needs whatever it
    // says: text in UTF-8, and a name in pg_stat_activity unless the user gave one.
    let connection = Self.withCStrings(["dbname", "fallback_application_name", "client_encoding"]) {
      keywords in
      Self.withCStrings([settings.connectionString, "data-browser", "UTF8"]) { values in
        PQconnectdbParams(keywords, values, 1)
      }
    }
    guard let connection else { throw .connecting("cannot connect: out of memory") }
    func fail(_ message: String) -> PostgresFailure {
      PQfinish(connection)
      return .connecting(settings.redacted(message))
    }
    guard PQstatus(connection) == CONNECTION_OK else {
      throw fail(PostgresFailure.connecting(message: PostgresFailure.message(of: connection)))
    }
    let location = Self.location(connection)
    // Non-blocking: what is sent is kept in libpq's buffer when the socket takes no more, and
    // written by the reads that follow, so a read's statements can be sent from any thread
    // (``ConnectionThread/runNow(_:)``); reading results still waits for them.
    guard PQenterPipelineMode(connection) == 1, PQsetnonblocking(connection, 1) == 0,
      let cancel = PQgetCancel(connection)
    else {
      let why = PostgresSettings.oneLine(PostgresFailure.message(of: connection))
      throw fail("cannot connect to \(location): \(why)")
    }
    self.thread = thread
    self.handle = connection
    self.cancelRequest = PostgresCancelRequest(cancel)
    self.processID = PQbackendPID(connection)
    self.location = location
    self.description = Self.description(connection)
  }

  deinit {
    // The results of a transaction's end are read before the connection is closed: a server
    // still writing them to a closed socket logs the client as lost.
    let closing = Closing(handle: handle, unreadSyncs: isBroken ? 0 : unreadSyncs)
    thread.run { closing.finish() }
    thread.stop()
  }

  /// What a connection being closed still has to do, on its thread.
  private struct Closing: @unchecked Sendable {
    /// The `PGconn`.
    let handle: OpaquePointer
    /// Syncs whose results are not read yet.
    let unreadSyncs: Int

    /// Reads up to the last sync, then closes the connection.
    func finish() {
      var left = unreadSyncs
      while left > 0, let result = PQgetResult(handle) ?? PQgetResult(handle) {
        if PQresultStatus(result) == PGRES_PIPELINE_SYNC { left -= 1 }
        PQclear(result)
      }
      PQfinish(handle)
    }
  }

  /// Whether the connection failed and must not be used again.
  var isBroken: Bool { broken.load(ordering: .relaxed) }

  // MARK: - Reading (in the thread's jobs)

  /// A read's statements, sent (``send(_:_:binary:prepare:commit:)``) and whose results are
  /// to be read (``receive(_:reading:handingOver:)``).
  struct Sent: Sendable {
    /// The statements sent before the read's own, with the name each was prepared as in the
    /// same round trip, if it was.
    let steps: [Step]
    /// The read's own statement.
    let statement: String
    /// The name the statement was prepared as in the same round trip, if it was.
    let preparing: String?
    /// Whether it runs prepared: its results begin with its preparing's, if any.
    let prepare: Bool
    /// Whether a `COMMIT` follows it, and the name that was prepared as, if it was.
    let commit: (sent: Bool, preparing: String?)
    /// Whether ``PostgresConnection/setup`` went first.
    let settingUp: Bool

    /// A statement sent before the read's own, of no parameters.
    struct Step: Sendable {
      /// Its SQL.
      let sql: String
      /// The name it was prepared as in the same round trip, if it was.
      let preparing: String?
    }
  }

  /// Whether a read's statements can be sent without waiting for anything: no end of a
  /// transaction has results left to read. On ``thread``, or in a job given to
  /// ``ConnectionThread/runNow(_:)``.
  var canSendAtOnce: Bool { unreadSyncs == 0 }

  /// Sends `prefix`, statements of no parameters, then `statement`, then a sync, all in one
  /// round trip, in text or (`binary`) in the types' binary forms. With `prepare`,
  /// `statement` runs as a statement prepared on the connection, prepared in the same round
  /// trip the first time. With `commit`, a `COMMIT` follows it in the same round trip: the
  /// read's transaction ends with its last statement.
  ///
  /// A transaction ended before (``end(commit:)``) is read first (it blocks only then: not
  /// when ``canSendAtOnce``); one still open (a `COMMIT` cancelled) is rolled back before
  /// `prefix` begins another. The connection's first read sends ``setup`` before it, and a
  /// sync. `prefix` and the `COMMIT` are prepared on the connection the first time they are
  /// sent.
  ///
  /// - Throws: ``StaleConnection`` when the connection failed before any of `prefix` ran
  ///   (nothing was read on it); else ``PostgresFailure``.
  func send(
    _ prefix: [String], _ statement: PostgresStatement, binary: Bool, prepare: Bool = false,
    commit: Bool = false
  ) throws -> Sent {
    var prefix = prefix
    do {
      try readEnds()
    } catch {
      if !prefix.isEmpty { throw StaleConnection(failure: error) }
      throw error
    }
    if !prefix.isEmpty && PQtransactionStatus(handle) != PQTRANS_IDLE {
      prefix.insert("ROLLBACK", at: 0)
    }
    let settingUp = !isSetUp
    isSetUp = true
    // Each statement, prepared first when it is sent for the first time: the read's own, when
    // `prepare` asks for it, and those that begin and end it, always.
    let steps = prefix.map { Sent.Step(sql: $0, preparing: preparedName(for: $0)) }
    let preparing = prepare ? preparedName(for: statement.sql) : nil
    let commitPreparing = commit ? preparedName(for: "COMMIT") : nil
    let sent =
      (!settingUp || sendSetup())
      && steps.allSatisfy {
        send(PostgresStatement($0.sql), binary: false, preparing: $0.preparing)
      }
      && send(statement, binary: binary, preparing: preparing, prepared: prepare)
      && (!commit || send(PostgresStatement("COMMIT"), binary: false, preparing: commitPreparing))
      && PQpipelineSync(handle) == 1
    guard sent else {
      let failure = lost()
      if !prefix.isEmpty { throw StaleConnection(failure: failure) }
      throw failure
    }
    return Sent(
      steps: steps, statement: statement.sql, preparing: preparing, prepare: prepare,
      commit: (commit, commitPreparing), settingUp: settingUp)
  }

  /// Reads the results of what `sent` sent, up to its sync: the statement's rows, each made
  /// by `reading` while its values are in libpq's memory. On ``thread``: it waits for the
  /// server. A connection whose setup fails is not used again.
  ///
  /// Given `handingOver`, a result of many rows is handed over as soon as it is read, for the
  /// rows to be made beside the reading of what follows it (``SharedRowBuild``): none are
  /// returned then, and what fails after it is still thrown.
  ///
  /// - Throws: ``StaleConnection`` when the connection failed before any statement that
  ///   begins the read ran (nothing was read on it); else ``PostgresFailure``.
  func receive<Row: Sendable>(
    _ sent: Sent, reading: @escaping @Sendable (PostgresRow) -> Row,
    handingOver: ((SharedRowBuild<Row>) -> Void)? = nil
  ) throws -> [Row] {
    var failure = sent.settingUp ? readSetup() : nil
    for step in sent.steps where failure == nil {
      failure = readPrepared(step.preparing, of: step.sql)
      guard failure == nil, let result = nextResult() else { break }
      if PQresultStatus(result) != PGRES_COMMAND_OK {
        failure = .of(result: result, connection: handle)
      }
      PQclear(result)
    }
    if failure == nil { failure = readPrepared(sent.preparing, of: sent.statement) }
    let began = failure == nil && !isBroken
    var rows: [Row] = []
    if began, let result = nextResult() {
      let count = PQntuples(result)
      let isRows = PQresultStatus(result) == PGRES_TUPLES_OK
      if isRows, let handingOver, count >= Self.sharedBuildRows {
        // The build clears the result.
        handingOver(SharedRowBuild(result: result, reading: reading))
      } else {
        if isRows {
          rows.reserveCapacity(Int(count))
          for index in 0..<count { rows.append(reading(PostgresRow(result: result, index: index))) }
        } else if PQresultStatus(result) != PGRES_COMMAND_OK {
          failure = .of(result: result, connection: handle)
        }
        PQclear(result)
      }
    }
    let commit = sent.commit
    if commit.sent, failure == nil, !isBroken {
      failure = readPrepared(commit.preparing, of: "COMMIT")
    }
    if commit.sent, failure == nil, !isBroken, let result = nextResult() {
      if PQresultStatus(result) != PGRES_COMMAND_OK {
        failure = .of(result: result, connection: handle)
      }
      PQclear(result)
    }
    // A column whose type changed makes the server refuse the plan it kept for a prepared
    // statement (`cached plan must not change result type`): it is prepared again next
    // time, under a new name.
    if case .server(state: "0A000", _, _)? = failure, sent.prepare {
      prepared[sent.statement] = nil
    }
    // The server forgot the statements prepared on the connection (`DEALLOCATE ALL`, or a
    // pooler's `DISCARD ALL`): the next read prepares them again.
    if case .server(state: "26000", _, _)? = failure { prepared = [:] }
    readSync()
    if PQstatus(handle) == CONNECTION_BAD { broken.store(true, ordering: .relaxed) }
    if let failure = failure ?? (isBroken ? lost() : nil) {
      if !began && !sent.steps.isEmpty && isBroken { throw StaleConnection(failure: failure) }
      throw failure
    }
    return rows
  }

  /// Sends `COMMIT` or `ROLLBACK` and a sync, without waiting for the server: the next read
  /// reads their results. On ``thread``.
  func end(commit: Bool) {
    guard !isBroken else { return }
    // Run prepared when a read prepared it; its results are not read for a name.
    let sent =
      send(PostgresStatement(commit ? "COMMIT" : "ROLLBACK"), binary: false, preparing: nil)
      && PQpipelineSync(handle) == 1
    if sent {
      unreadSyncs += 1
    } else {
      broken.store(true, ordering: .relaxed)
    }
  }

  /// Sends ``setup`` and a sync; whether libpq took them all.
  private func sendSetup() -> Bool {
    for sql in Self.setup where PQsendQueryParams(handle, sql, 0, nil, nil, nil, nil, 0) != 1 {
      return false
    }
    return PQpipelineSync(handle) == 1
  }

  /// Reads the results of ``setup`` up to its sync: the first failure, if any, after which
  /// the connection is marked broken.
  private func readSetup() -> PostgresFailure? {
    var failure: PostgresFailure?
    while let result = nextResult() {
      let status = PQresultStatus(result)
      if status != PGRES_COMMAND_OK && status != PGRES_PIPELINE_SYNC && failure == nil {
        failure = .of(result: result, connection: handle)
      }
      PQclear(result)
      if status == PGRES_PIPELINE_SYNC { break }
    }
    if failure != nil || isBroken { broken.store(true, ordering: .relaxed) }
    return failure ?? (isBroken ? lost() : nil)
  }

  /// The name to prepare `sql` as on the connection, or `nil` when it is prepared already, or
  /// when the connection holds as many prepared statements as it may. Each name is given once.
  private func preparedName(for sql: String) -> String? {
    guard prepared[sql] == nil, prepared.count < Self.preparedLimit else { return nil }
    defer { preparedCount += 1 }
    return "s\(preparedCount)"
  }

  /// Sends `statement`, prepared first as `preparing` when that is given, then run as the
  /// statement prepared with its SQL if there is one (unless not `prepared`), else unnamed;
  /// whether libpq took it all.
  private func send(
    _ statement: PostgresStatement, binary: Bool, preparing: String?, prepared: Bool = true
  ) -> Bool {
    let count = Int32(statement.parameters.count)
    if let preparing, PQsendPrepare(handle, preparing, statement.sql, count, nil) != 1 {
      return false
    }
    let name = prepared ? preparing ?? self.prepared[statement.sql] : nil
    return Self.withCStrings(statement.parameters) { values in
      if let name {
        return PQsendQueryPrepared(handle, name, count, values, nil, nil, binary ? 1 : 0)
      }
      return PQsendQueryParams(
        handle, statement.sql, count, nil, values, nil, nil, binary ? 1 : 0)
    } == 1
  }

  /// Reads the result of preparing `sql` as `name`, when that was sent (`name` is not `nil`):
  /// the name is kept for `sql` when the server took it, and the server's refusal is returned
  /// when it did not.
  private func readPrepared(_ name: String?, of sql: String) -> PostgresFailure? {
    guard let name else { return nil }
    guard let result = nextResult() else { return lost() }
    defer { PQclear(result) }
    guard PQresultStatus(result) == PGRES_COMMAND_OK else {
      return .of(result: result, connection: handle)
    }
    prepared[sql] = name
    return nil
  }

  /// Reads the results of the transactions ended before, up to their syncs.
  private func readEnds() throws(PostgresFailure) {
    while unreadSyncs > 0 {
      guard let result = nextResult() else { throw lost() }
      if PQresultStatus(result) == PGRES_PIPELINE_SYNC { unreadSyncs -= 1 }
      PQclear(result)
    }
  }

  /// Reads up to the sync that ends what was sent, unless the connection failed.
  private func readSync() {
    while !isBroken, let result = nextResult() {
      let status = PQresultStatus(result)
      PQclear(result)
      if status == PGRES_PIPELINE_SYNC { return }
    }
  }

  /// The next result of the pipeline, past the empty one that ends each query's results; `nil`
  /// when the connection failed, which is then marked broken.
  private func nextResult() -> OpaquePointer? {
    for _ in 0..<2 {
      if let result = PQgetResult(handle) { return result }
      if PQstatus(handle) == CONNECTION_BAD { break }
    }
    // Two empty results in a row: nothing is on its way, and the pipeline is out of step.
    broken.store(true, ordering: .relaxed)
    return nil
  }

  /// Marks the connection broken, and says why: libpq's last error.
  private func lost() -> PostgresFailure {
    broken.store(true, ordering: .relaxed)
    let message = PostgresSettings.oneLine(PostgresFailure.message(of: handle))
    return .lost(message.isEmpty ? "the connection failed" : message)
  }

  // MARK: - Describing

  /// Where `connection` reached the server: the socket's path, or `host:port`.
  static func location(_ connection: OpaquePointer) -> String {
    let host = PQhost(connection).map { String(cString: $0) } ?? ""
    let port = PQport(connection).map { String(cString: $0) } ?? ""
    if host.hasPrefix("/") {
      return (host.hasSuffix("/") ? String(host.dropLast()) : host) + "/.s.PGSQL." + port
    }
    return (host.contains(":") ? "[\(host)]" : host) + ":" + port
  }

  /// `connection`'s user and database from `PQconninfo`, then the host and port it reached,
  /// as a `key=value` string; the password fields are never read.
  static func description(_ connection: OpaquePointer) -> String {
    var values: [String: String] = [:]
    if let options = PQconninfo(connection) {
      var option = options
      while let keyword = option.pointee.keyword.map({ String(cString: $0) }) {
        let hidden = option.pointee.dispchar.map { String(cString: $0) } == "*"
        if !hidden, ["user", "dbname"].contains(keyword), let value = option.pointee.val {
          values[keyword] = String(cString: value)
        }
        option += 1
      }
      PQconninfoFree(options)
    }
    values["host"] = PQhost(connection).map { String(cString: $0) }
    values["port"] = PQport(connection).map { String(cString: $0) }
    return ["user", "dbname", "host", "port"].compactMap { keyword in
      values[keyword].map { keyword + "=" + PostgresSettings.quoted($0) }
    }.joined(separator: " ")
  }

  // MARK: - C strings

  /// `body` given `strings` as a C array of C strings, `NULL` for `nil`, ended by a `NULL`.
  static func withCStrings<R>(
    _ strings: [String?], _ body: (UnsafePointer<UnsafePointer<CChar>?>) -> R
  ) -> R {
    let copies = strings.map { $0.flatMap { strdup($0) } }
    defer { for copy in copies { free(copy) } }
    let pointers = copies.map { $0.map { UnsafePointer($0) } } + [nil]
    return pointers.withUnsafeBufferPointer { body($0.baseAddress!) }
  }
}
