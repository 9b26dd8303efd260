@testable import TermElements

/// What the rows and loaders of fuzzed tables report back: actions that must not run, and
/// pages the test hands out when it chooses.
@MainActor
final class FuzzWorld {
  /// What went wrong, in words.
  var violations: [String] = []
  /// Fetches waiting for the test to answer, by loader id.
  private var waiting: [String: CheckedContinuation<[Row]?, any Error>] = [:]
  /// The next row number each loader hands out.
  private(set) var issued: [String: Int] = [:]
  /// Text committed from fields, for the record.
  var committed: [String] = []
  /// Loaders made so far, to give each an id of its own.
  private var loaderCount = 0
  /// The feeding end of each stream made, by id.
  private(set) var streams: [String: AsyncThrowingStream<[String], any Error>.Continuation] = [:]

  /// A section bound to a stream whose arrays the test sends.
  func makeStreamSection() -> Section {
    let id = "S\(streams.count + 1)"
    let (stream, continuation) = AsyncThrowingStream<[String], any Error>.makeStream()
    streams[id] = continuation
    var section = Section(id: id, stream: stream, itemID: \.self) { name in
      Row(ElementOfLabel(props: name), separatorStyle: .none)
    }
    section.header = SectionHeader(ElementOfLabel(props: "stream \(id)"))
    return section
  }

  /// Sends `names` to stream number `index` (of those made), or ends it with an error, and
  /// returns the stream's id.
  @discardableResult
  func feed(stream index: Int, names: [String]?) -> String? {
    let ids = streams.keys.sorted()
    guard !ids.isEmpty else { return nil }
    let id = ids[index % ids.count]
    if let names {
      streams[id]!.yield(names)
    } else {
      streams[id]!.finish(throwing: FuzzFailure())
    }
    return id
  }

  /// A tail loader whose pages the test answers.
  func makeLoader(prefetch: Int?) -> TailLoader {
    loaderCount += 1
    let id = "L\(loaderCount)"
    return TailLoader(id: id, prefetchDistance: prefetch) { @MainActor [self] in
      try await fetch(id)
    }
  }

  /// A head loader whose pages the test answers: rows numbered down from -1, each page in
  /// order above the last.
  func makeHeadLoader(prefetch: Int?) -> HeadLoader {
    loaderCount += 1
    let id = "H\(loaderCount)"
    return HeadLoader(id: id, prefetchDistance: prefetch) { @MainActor [self] _ in
      try await fetch(id)
    }
  }

  /// Whether loader `id` is a head loader.
  static func isHead(_ id: String) -> Bool { id.hasPrefix("H") }

  /// The loaders waiting for an answer.
  var waitingLoaders: [String] { waiting.keys.sorted() }

  /// The loader's side: waits for the test to answer.
  private func fetch(_ id: String) async throws -> [Row]? {
    if waiting[id] != nil { violations.append("two loads in flight for \(id)") }
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { waiting[id] = $0 }
    } onCancel: {
      Task { @MainActor in self.cancel(id) }
    }
  }

  /// Starts loader `id` afresh, as when the app reset its section: its waiting fetch ends and
  /// its rows are numbered from the start again.
  func forget(_ id: String) {
    issued[id] = nil
    cancel(id)
  }

  /// Ends a fetch that was cancelled.
  private func cancel(_ id: String) {
    waiting.removeValue(forKey: id)?.resume(throwing: CancellationError())
  }

  /// How a fetch is answered.
  enum Answer: CustomStringConvertible {
    case page(Int)
    case end
    case failure

    var description: String {
      switch self {
      case .page(let count): ".page(\(count))"
      case .end: ".end"
      case .failure: ".failure"
      }
    }
  }

  /// Answers the fetch of loader `id`, if it is waiting; returns whether it was.
  @discardableResult
  func answer(_ id: String, with answer: Answer) -> Bool {
    guard let continuation = waiting.removeValue(forKey: id) else { return false }
    switch answer {
    case .page(let count):
      let first = issued[id, default: 0]
      issued[id] = first + count
      // A head loader's rows count down from -1, each page coming in order above the last.
      let numbers =
        Self.isHead(id) ? Array((-(first + count))..<(-first)) : Array(first..<(first + count))
      continuation.resume(returning: numbers.map { loadedRow(id, $0) })
    case .end:
      continuation.resume(returning: nil)
    case .failure:
      continuation.resume(throwing: FuzzFailure())
    }
    return true
  }

  /// Row `number` of loader `id`.
  private func loadedRow(_ id: String, _ number: Int) -> Row {
    Row(ElementOfLabel(props: "\(id) row \(number)"), id: RowID("\(id)#\(number)"))
  }

  /// An action that records that it ran, for rows that cannot be selected.
  func forbidden(_ what: String) -> Action {
    Action { [weak self] in self?.violations.append("the action of a disabled row ran: \(what)") }
  }
}

/// A page fetch that failed on purpose.
struct FuzzFailure: Error, CustomStringConvertible {
  var description: String { "injected failure" }
}
