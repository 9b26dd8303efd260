import Foundation
import Testing

/// End-to-end tests of reaching every record in `data-browser`, in tmux on a generated
/// 5,000-person database: End, `:N`, `/` with n and N, `s`, `f` and `?`. After each, the
/// database is byte for byte as it was.
@Suite("data-browser finding in tmux", .serialized)
struct DataBrowserFindingTerminalTests {
  /// The selected record's number, from the position at the right of the status line.
  static func number(_ screen: PaneCapture) -> Int? {
    guard let match = screen.statusLine.firstMatch(of: /([\d,]+)\/5,000 *$/) else { return nil }
    return Int(match.1.replacing(",", with: ""))
  }

  @Test("End shows the last record; :N shows record N")
  func endAndJump() async throws {
    try await DataBrowserExampleTests.withPeople { tmux in
      try await tmux.send("End")
      let end = try await tmux.waitFor("the last record") { screen in
        DataBrowserExampleTests.ids(screen).last == 5_000 && Self.number(screen) == 5_000
      }
      #expect((DataBrowserExampleTests.loaded(end) ?? 0) < 5_000, "\(end)")
      try await tmux.send(":")
      try await tmux.waitFor("the prompt") { $0.statusLine.hasPrefix(" :█") }
      try await tmux.type("4321")
      try await tmux.send("Enter")
      let jumped = try await tmux.waitFor("record 4,321") { screen in
        Self.number(screen) == 4_321 && DataBrowserExampleTests.ids(screen).contains(4_321)
      }
      #expect(DataBrowserExampleTests.ids(jumped).first == 4_321, "\(jumped)")
      try await tmux.send("Up")
      try await tmux.waitFor("record 4,320, read before it") { Self.number($0) == 4_320 }
    }
  }

  @Test("/ finds a record deep in the table; n and N move between matches")
  func search() async throws {
    try await DataBrowserExampleTests.withPeople { tmux in
      try await tmux.send(":")
      try await tmux.type("4000")
      try await tmux.send("Enter")
      try await tmux.waitFor("record 4,000") { Self.number($0) == 4_000 }
      try await tmux.send("/")
      try await tmux.type("multi-line")
      try await tmux.send("Enter")
      let first = try await tmux.waitFor("a match after record 4,000") { screen in
        (Self.number(screen) ?? 0) > 4_000 && !screen.statusLine.contains("searching")
      }
      let found = try #require(Self.number(first))
      try await tmux.send("n")
      let next = try await tmux.waitFor("the next match") { (Self.number($0) ?? 0) > found }
      #expect(try #require(Self.number(next)) > found)
      try await tmux.send("N")
      try await tmux.waitFor("back to the first match") { Self.number($0) == found }
      try await tmux.send("/")
      try await tmux.type("no such text anywhere")
      try await tmux.send("Enter")
      try await tmux.waitFor("not found") { screen in
        screen.statusLine.contains("not found") && Self.number(screen) == found
      }
    }
  }

  @Test("s sorts by the column under the cursor, both ways")
  func sort() async throws {
    try await DataBrowserExampleTests.withPeople { tmux in
      try await tmux.send("Right")
      try await tmux.send("s")
      let ascending = try await tmux.waitFor("sorted by name, ascending") { screen in
        screen.lines[1].contains("name ▲") && screen.statusLine.contains("by name ▲")
          && Self.number(screen) == 1
      }
      try await tmux.send("s")
      let descending = try await tmux.waitFor("sorted by name, descending") { screen in
        screen.lines[1].contains("name ▼") && screen.statusLine.contains("by name ▼")
          && Self.number(screen) == 1
      }
      #expect(ascending.lines[2] != descending.lines[2], "\(ascending)\n\(descending)")
      try await tmux.send("End")
      try await tmux.waitFor("the last in that order") { Self.number($0) == 5_000 }
    }
  }

  @Test("f filters with a WHERE expression; a bad one is reported; Esc clears it")
  func filter() async throws {
    try await DataBrowserExampleTests.withPeople { tmux in
      try await tmux.send("f")
      try await tmux.type("id > 4990")
      try await tmux.send("Enter")
      let filtered = try await tmux.waitFor("ten records") { screen in
        screen.lines[0].contains("people where id > 4990") && screen.statusLine.hasSuffix("1/10")
      }
      #expect(DataBrowserExampleTests.ids(filtered).prefix(3) == [4_991, 4_992, 4_993])
      try await tmux.send("f")
      try await tmux.send("C-u")
      try await tmux.type("id >>> 3")
      try await tmux.send("Enter")
      try await tmux.waitFor("SQLite's message") { screen in
        screen.statusLine.contains("⚠") && screen.lines[0].contains("people where id > 4990")
      }
      try await tmux.send("f")
      try await tmux.send("C-u")
      try await tmux.type("1); DROP TABLE people; --")
      try await tmux.send("Enter")
      try await tmux.waitFor("refused") { $0.statusLine.contains("⚠") }
      try await tmux.send("Escape")
      try await tmux.waitFor("every record again") { screen in
        !screen.lines[0].contains("where") && Self.number(screen) == 1
      }
    }
  }

  @Test("? shows the keys of the records screen")
  func help() async throws {
    try await DataBrowserExampleTests.withPeople { tmux in
      try await tmux.send("?")
      try await tmux.waitFor("the keys") { help in
        help.lines[0].contains("people › Keys")
          && [
            "Go to the last record", "record number", "Search", "Next match", "Sort", "Filter",
          ].allSatisfy { words in help.lines.contains { $0.contains(words) } }
      }
      try await tmux.send("Escape")
      try await tmux.waitFor("the records") { DataBrowserExampleTests.ids($0).first == 1 }
    }
  }
}
