import ExamplesTestSupport
import Foundation
import Testing

/// End-to-end tests of `e` in `data-browser` in tmux: the name typed at the prompt, the status
/// line, and the file written; the file or database browsed is unchanged.
@Suite("data-browser: e in tmux", .serialized)
struct DataBrowserExportTerminalTests {
  /// A fresh folder, removed after `body`.
  static func withFolder(_ body: (URL) async throws -> Void) async throws {
    let directory = FileManager.default.temporaryDirectory
      .appending(path: "export-e2e-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    try await body(directory)
  }

  @Test("CSV file: - hides city, e writes the other columns as CSV, quoted where needed")
  func csv() async throws {
    try await Self.withFolder { directory in
      let file = directory.appending(path: "people.csv")
      let csv = DataBrowserCellActionTerminalTests.csv
      try Data(csv.utf8).write(to: file)
      let out = directory.appending(path: "out.csv").path
      let executable = try ExampleProcess.executable("data-browser").path
      try await TmuxSession.with(width: 100, height: 12, needsListDemo: false) { tmux in
        try await tmux.run(#"bash "$TE_DIR/run-demo.sh" "'\#(executable)' '\#(file.path)'""#)
        try await tmux.waitFor("the records") {
          DataBrowserExampleTests.ids($0) == [1, 2, 3, 4, 5]
        }
        try await tmux.send("Right", "Right", "-")
        try await tmux.waitFor("city hidden") { $0.statusLine.contains("1 column hidden") }
        try await tmux.send("e")
        try await tmux.waitFor("the prompt") {
          $0.statusLine.contains("export to .csv .tsv .jsonl")
        }
        try await tmux.run(out)
        try await tmux.waitFor("the export said") {
          $0.statusLine.contains("Exported 5 records (2 of 3 columns)")
        }
        try await tmux.send("q")
        try await tmux.waitFor("the browser to exit", joiningWrappedLines: true) {
          $0.contains("EXIT=0 ")
        }
      }
      let written = try String(contentsOfFile: out, encoding: .utf8)
      #expect(
        written
          == "id,name\r\n1,\"O'Brien \"\"Jr.\"\"\"\r\n2,back\\slash\r\n3,\"line\nbreak\"\r\n"
          + "4,\"O'Brien \"\"Jr.\"\"\"\r\n5,Ada\r\n")
      #expect(try Data(contentsOf: file) == Data(csv.utf8), "the CSV file changed")
      #expect(
        try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == [
          "out.csv", "people.csv",
        ])
    }
  }

  @Test("SQLite: f id <= 3, then e writes those three people as JSON lines, then as TSV")
  func sqlite() async throws {
    try await Self.withFolder { directory in
      let jsonl = directory.appending(path: "three.jsonl").path
      let tsv = directory.appending(path: "three.tsv").path
      try await DataBrowserExampleTests.withPeople { tmux in
        try await tmux.send("f")
        try await tmux.run("id <= 3")
        try await tmux.waitFor("the filtered records") {
          DataBrowserExampleTests.ids($0) == [1, 2, 3]
        }
        for path in [jsonl, tsv] {
          try await tmux.send("e")
          try await tmux.run(path)
          try await tmux.waitFor("the export said") {
            $0.statusLine.contains("Exported 3 records")
          }
        }
      }
      let lines = try String(contentsOfFile: jsonl, encoding: .utf8).split(separator: "\n")
      #expect(lines.count == 3)
      for (index, line) in lines.enumerated() {
        let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
        #expect((object?["id"] as? NSNumber)?.intValue == index + 1, "\(line)")
        #expect(object?["name"] is String, "\(line)")
      }
      let rows = try String(contentsOfFile: tsv, encoding: .utf8).split(separator: "\n")
      #expect(rows.count == 4)
      #expect(rows.first?.hasPrefix("id\tname\t") == true, "\(rows.first ?? "")")
      #expect(rows.dropFirst().map { $0.split(separator: "\t").first } == ["1", "2", "3"])
      // The nine columns of people, tabs in values escaped.
      #expect(
        rows.allSatisfy { $0.split(separator: "\t", omittingEmptySubsequences: false).count == 9 })
    }
  }
}
