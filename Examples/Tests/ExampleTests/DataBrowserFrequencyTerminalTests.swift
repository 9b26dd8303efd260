import ExamplesTestSupport
import Foundation
import Testing

/// End-to-end tests of `F` in `data-browser` in tmux: the frequency screen of a column, then
/// Enter on its first line keeping the records of that value, on SQLite and on CSV; the
/// database and the file are unchanged.
@Suite("data-browser: F and Enter in tmux", .serialized)
struct DataBrowserFrequencyTerminalTests {
  /// People in three cities, Oslo the most frequent; a name with quotes, a city left empty.
  static let csv = #"""
    id,name,city
    1,"O'Brien ""Jr.""",Oslo
    2,back\slash,Lima
    3,"line
    break",Oslo
    4,Ada,
    5,Grace,Oslo
    6,Alan,Lima

    """#

  /// The count of the first line of a frequency screen: its second cell.
  static func firstCount(_ screen: PaneCapture) -> Int? {
    guard screen.lines.count > 2 else { return nil }
    let cells = screen.lines[2].split(separator: "│")
    guard cells.count > 1 else { return nil }
    return Int(cells[1].trimmingCharacters(in: .whitespaces))
  }

  @Test("SQLite: F on city counts the 5,000 people by city; Enter keeps the most frequent")
  func sqlite() async throws {
    try await DataBrowserExampleTests.withPeople { tmux in
      try await tmux.send("c")
      try await tmux.type("city")
      try await tmux.send("Enter")
      try await tmux.send("F")
      let counted = try await tmux.waitFor("the frequency screen") { screen in
        screen.lines[0].contains("city values · 5,000 records") && Self.firstCount(screen) != nil
      }
      let cells = counted.lines[2].split(separator: "│")
      let city = cells[0].trimmingCharacters(in: .whitespaces)
      let count = try #require(Self.firstCount(counted))
      #expect(counted.lines[1].contains("count"), "\(counted)")
      #expect(counted.lines[2].contains("█"), "\(counted)")
      try await tmux.send("Enter")
      let filtered = try await tmux.waitFor("the people of \(city)") { screen in
        screen.lines[0].contains("where \"city\" = '\(city)'")
          && screen.statusLine.hasSuffix("1/\(count.formatted(.number.grouping(.automatic)))")
      }
      #expect(!filtered.lines[0].contains("values"), "\(filtered)")
    }
  }

  @Test("CSV: F on city lists Oslo 3, Lima 2 and the empty city; Enter keeps Oslo's people")
  func csvFile() async throws {
    let directory = FileManager.default.temporaryDirectory
      .appending(path: "frequency-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appending(path: "people.csv")
    try Data(Self.csv.utf8).write(to: file)
    let executable = try ExampleProcess.executable("data-browser").path
    try await TmuxSession.with(width: 80, height: 12, needsListDemo: false) { tmux in
      try await tmux.run(#"bash "$TE_DIR/run-demo.sh" "'\#(executable)' '\#(file.path)'""#)
      try await tmux.waitFor("the records") {
        DataBrowserExampleTests.ids($0) == [1, 2, 3, 4, 5, 6]
      }
      try await tmux.send("Right")
      try await tmux.send("Right")
      try await tmux.send("F")
      let counted = try await tmux.waitFor("the frequency screen") { screen in
        screen.lines[0].contains("city values · 6 records, 3 values")
      }
      let lines = counted.lines[2...4].map { line in
        line.split(separator: "│").prefix(2).map { $0.trimmingCharacters(in: .whitespaces) }
      }
      #expect(lines == [["Oslo", "3"], ["Lima", "2"], ["", "1"]], "\(counted)")
      try await tmux.send("Enter")
      let filtered = try await tmux.waitFor("Oslo's people") { screen in
        DataBrowserExampleTests.ids(screen) == [1, 3, 5]
      }
      #expect(filtered.lines[0].contains(#"where "city" = 'Oslo'"#), "\(filtered)")
      // F again, then Esc: back to the same records.
      try await tmux.send("F")
      try await tmux.waitFor("the frequency of Oslo's people") { screen in
        screen.lines[0].contains("city values · 3 records, 1 values")
      }
      try await tmux.send("Escape")
      try await tmux.waitFor("Oslo's people again") { screen in
        DataBrowserExampleTests.ids(screen) == [1, 3, 5] && !screen.lines[0].contains("values")
      }
      try await tmux.send("q")
      try await tmux.waitFor("the browser to exit", joiningWrappedLines: true) {
        $0.contains("EXIT=0 ")
      }
    }
    #expect(try Data(contentsOf: file) == Data(Self.csv.utf8), "the CSV file changed")
  }
}
