import TermElementsRecords

/// One thing a user does with the records browser, and what it must show, worked out from the
/// fixture's records: a check any `RecordSource` gets for free.
///
/// A case runs on a ``BrowsingSession`` of its own, opened afresh on the fixture, and records
/// what went wrong in it; cases that need a feature the source says is unavailable check
/// nothing.
///
/// ```swift
/// let firstScreen = BrowsingCases.all.first { $0.name == "first screen" }
/// let found = await firstScreen?.run(fixture) ?? []
/// ```
public struct BrowsingCase: Sendable {
  /// A short name, which names the case's failures.
  public let name: String
  /// What the case checks.
  public let summary: String
  /// The case's keys and checks.
  let body: @MainActor @Sendable (BrowsingSession) async -> Void

  /// A case called `name` that does `summary` with `body`, on a session opened afresh.
  public init(
    _ name: String, _ summary: String,
    body: @escaping @MainActor @Sendable (BrowsingSession) async -> Void
  ) {
    self.name = name
    self.summary = summary
    self.body = body
  }

  /// Runs the case over `fixture`: what went wrong, or nothing.
  @MainActor
  public func run(_ fixture: BrowsingFixture) async -> [BrowsingFailure] {
    let session: BrowsingSession
    do {
      session = try await BrowsingSession.open(fixture, case: name)
    } catch {
      return [
        BrowsingFailure(
          caseName: name, expected: "the records browser to open", found: "\(error)", screen: [])
      ]
    }
    await body(session)
    return session.failures
  }
}

/// The browsing cases every source is checked with: the first screen, moving, End, `:N`,
/// search, search with a column hidden, sort, the column cursor, the detail screen, the help
/// screen, features a source cannot do, resizing, paging through everything either way, `=`
/// and `!` on values of every column, `y` and `Y`, `e`, the frequency of values, `F`, and the
/// summary of the columns, `I`.
///
/// ```swift
/// let failures = await BrowsingCases.run(fixture)
/// let report = failures.map(\.description).joined(separator: "\n")
/// ```
public enum BrowsingCases {
  /// Every case.
  public static let all: [BrowsingCase] = [
    firstScreen, moving, bursts, end, jump, search, searchShownColumns, sort, columnCursor,
    detail, help, unavailable, resizing, pagingForward, pagingBackward, filterByValue, copying,
    exporting, frequency, summary,
  ]

  /// Runs `cases` over `fixture`, each on a browser of its own: what went wrong, or nothing.
  @MainActor
  public static func run(_ fixture: BrowsingFixture, cases: [BrowsingCase] = all) async
    -> [BrowsingFailure]
  {
    var failures: [BrowsingFailure] = []
    for browsingCase in cases {
      failures += await browsingCase.run(fixture)
    }
    return failures
  }
}
