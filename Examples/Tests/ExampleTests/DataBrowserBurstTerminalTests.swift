import Testing

/// Keys that come in one write (key repeat over ssh, a paste) move the browser as far as the
/// same keys typed one by one, while pages are still on their way.
@Suite("data-browser: keys in one write", .serialized)
struct DataBrowserBurstTerminalTests {
  /// The number of the selected record, from the position `N/5,000`.
  static func number(_ screen: PaneCapture) -> Int? {
    guard let match = screen.statusLine.firstMatch(of: /([\d,]+)\/5,000/) else { return nil }
    return Int(match.1.replacing(",", with: ""))
  }

  /// On the 5,000-person sample at 100x24 (a page is 21 records): 500 ↓ in one write select
  /// record 501; 20 PgDn in one write from the first, record 421; 8 PgUp, record 253; End and
  /// 5 ↑ in one write, record 4,995.
  @Test("500 ↓, 20 PgDn, 8 PgUp, End and 5 ↑, each in one write, move as far as typed")
  func bursts() async throws {
    try await DataBrowserExampleTests.withPeople { tmux in
      try await tmux.sendInOneWrite([("kcud1", 500)])
      try await tmux.waitFor("record 501") { Self.number($0) == 501 }
      try await tmux.send("g")
      try await tmux.waitFor("record 1") { Self.number($0) == 1 }
      try await tmux.sendInOneWrite([("knp", 20)])
      try await tmux.waitFor("record 421") { Self.number($0) == 421 }
      try await tmux.sendInOneWrite([("kpp", 8)])
      try await tmux.waitFor("record 253") { Self.number($0) == 253 }
      try await tmux.sendInOneWrite([("kend", 1), ("kcuu1", 5)])
      let end = try await tmux.waitFor("record 4,995") { Self.number($0) == 4_995 }
      #expect(DataBrowserExampleTests.ids(end).contains(4_995), "\(end)")
    }
  }
}
