import Foundation
import TermElements
import TermElementsRecordsTesting
import Testing

@testable import TermElementsRecords

/// Values an export must write with care, as records in memory.
enum ExportValues {
  /// Text with commas, quotes, line breaks, CR, tabs and backslashes, NULL and the text
  /// `NULL`, empty text, combining marks and a value much longer than a page keeps.
  static let texts: [CellValue] = [
    .text("a,b"), .text("say \"hi\""), .text("line\nbreak"), .text("cr\rhere"),
    .text("crlf\r\n"), .text("tab\there"), .text("back\\slash\\"), .text("NULL"), .null,
    .text(""), .text("e\u{301}le\u{300}ve"), .text(" padded "), .text("\\N"),
    .text(String(repeating: "long, \"value\"\n", count: 400)), .text("{\"k\": 1}"),
  ]
  /// Numbers, BLOBs (an empty one among them), truth values, dates and JSON.
  static let others: [CellValue] = [
    .integer(-7), .blob([]), .real(0.1 + 0.2), .blob([0, 0x2C, 0x22, 0x0A, 0xFF]),
    .decimal("042"), .decimal("-1.50"), .boolean(true), .date("2026-11-27"),
    .json("{\"a\": [1, \"x\\ny\"],\n \"b\": null}"), .json("not json"), .null,
    .integer(Int64.min), .real(-0.0),
  ]

  /// Records of an id, a text, another value and a text again.
  static let rows: [[CellValue]] = (1...40).map { id in
    [
      .integer(Int64(id)), texts[id % texts.count], others[id % others.count],
      texts[(id * 7) % texts.count],
    ]
  }

  /// The records in memory.
  static func memory(height: Int = 12) -> BrowsingFixture {
    BrowsingFixtures.fixture(
      "values", columns: ["id", "text", "other", "more"], rows: rows, height: height)
  }
}

@Suite("e exports the records shown")
struct ExportTests {
  @Test("Over hostile records in memory, the CSV, TSV and JSON lines read back the same")
  func memoryCase() async {
    let failures = await BrowsingCases.exporting.run(ExportValues.memory())
    #expect(failures.isEmpty, "\(failures.map(\.description).joined(separator: "\n"))")
  }

  @Test("Over a CSV file of hostile fields, the export reads back the same; the file unchanged")
  func csvCase() async throws {
    let (file, records) = try HostileValues.csv()
    defer { file.remove() }
    let before = FileManager.default.contents(atPath: file.path)
    let source = try file.source()
    try await source.waitForIndex()
    let failures = await BrowsingCases.exporting.run(
      BrowsingFixture(source: source, records: records, width: 80, height: 12))
    #expect(failures.isEmpty, "\(failures.map(\.description).joined(separator: "\n"))")
    #expect(FileManager.default.contents(atPath: file.path) == before)
  }

  @Test("The case fails when the file holds other values")
  func caseCanFail() async {
    let fixture = ExportValues.memory()
    let shifted = fixture.records.map { record in
      PageRecord(
        values: [record.values[0]] + record.values.dropFirst().map { _ in .text("x") },
        key: record.key)
    }
    let wrong = BrowsingFixture(
      source: fixture.source, records: shifted, width: fixture.width, height: fixture.height)
    let failures = await BrowsingCases.exporting.run(wrong)
    #expect(!failures.isEmpty)
  }

  /// A fresh folder, removed by the caller.
  static func folder() throws -> String {
    let path = NSTemporaryDirectory() + "export-tests-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }

  /// A small table in memory.
  static func people() -> MemoryRecordSource {
    MemoryRecordSource(
      name: "people", columns: ["id", "name", "note"],
      records: [
        [.integer(1), .text("Ada"), .text("a,b")], [.integer(2), .text("Grace"), .null],
        [.integer(3), .text(""), .blob([1, 0xAB])],
      ], keyColumns: [0])
  }

  @Test("CSV, TSV and JSON lines of a small table, byte for byte")
  func formats() async throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let people = Self.people()
    for (name, expected) in [
      ("p.csv", "id,name,note\r\n1,Ada,\"a,b\"\r\n2,Grace,\r\n3,\"\",\\x01ab\r\n"),
      ("p.TSV", "id\tname\tnote\n1\tAda\ta,b\n2\tGrace\t\\N\n3\t\t\\\\x01ab\n"),
      (
        "p.ndjson",
        #"""
        {"id":1,"name":"Ada","note":"a,b"}
        {"id":2,"name":"Grace","note":null}
        {"id":3,"name":"","note":"\\x01ab"}

        """#
      ),
    ] {
      let written = try await RecordExport.write(people, view: .all, to: folder + "/" + name)
      #expect(written == 3)
      let text = try String(contentsOfFile: folder + "/" + name, encoding: .utf8)
      #expect(text == expected)
    }
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == [
        "p.TSV", "p.csv", "p.ndjson",
      ])
  }

  @Test("A value much longer than the buffer is written whole, escaped, a slice at a time")
  func longValueInSlices() async throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    // 1.2 MB, a quote, a tab and a line feed in each 24 bytes: escaping makes it longer.
    let text = String(repeating: "say \"hi\"\tthen\na é, 1x", count: 50_000)
    let blob = (0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 7) }
    let hex = blob.map { String(format: "%02x", $0) }.joined()
    let escaped = [
      RecordExportFormat.csv: "\"" + text.replacing("\"", with: "\"\"") + "\",\\x" + hex + "\r\n",
      .tsv: text.replacing("\t", with: "\\t").replacing("\n", with: "\\n") + "\t\\\\x" + hex + "\n",
      .jsonLines: "{\"a\":\""
        + text.replacing("\"", with: "\\\"").replacing("\t", with: "\\t")
        .replacing("\n", with: "\\n") + "\",\"b\":\"\\\\x" + hex + "\"}\n",
    ]
    for (format, expected) in escaped {
      let path = folder + "/long." + (format == .jsonLines ? "jsonl" : "\(format)")
      let file = try ExportFile(path: path, overwrite: false)
      var out = ExportBuffer(file: file, capacity: 4_096)
      try RecordLineWriter(format: format, names: ["a", "b"]).append(
        [.text(text), .blob(blob)], to: &out)
      try out.writeAll()
      // Unsliced, the buffer would hold the whole line, 1.8 MB; sliced, its capacity and one
      // slice escaped.
      #expect(out.mostHeld < text.utf8.count / 4, "\(format)")
      try file.finish(overwrite: false)
      #expect(try String(contentsOfFile: path, encoding: .utf8) == expected, "\(format)")
    }
  }

  @Test("JSON lines keep types: numbers, truth values, JSON, and strings for the rest")
  func jsonTypes() throws {
    var out = ExportBuffer(file: nil)
    let writer = RecordLineWriter(format: .jsonLines, names: ["a", "b\"", "c", "d", "e", "f", "g"])
    try writer.append(
      [
        .decimal("042"), .decimal("-1.5e3"), .real(.infinity), .boolean(false),
        .json("[1,\n2]"), .json("{bad"), .text("\u{1}\u{7F}é\t"),
      ], to: &out)
    #expect(
      String(decoding: out.bytes, as: UTF8.self)
        == #"{"a":"042","b\"":-1.5e3,"c":"inf","d":false,"e":[1, 2],"f":"{bad","g":"\u0001\u007fé\t"}"#
        + "\n")
  }

  @Test("The format follows the extension, ignoring case; others are refused")
  func extensions() {
    #expect(RecordExportFormat(path: "a/b.CSV") == .csv)
    #expect(RecordExportFormat(path: "x.tsv") == .tsv)
    #expect(RecordExportFormat(path: "x.jsonl") == .jsonLines)
    #expect(RecordExportFormat(path: "x.ndjson") == .jsonLines)
    #expect(RecordExportFormat(path: "x.xlsx") == nil)
    #expect(RecordExportFormat(path: ".csv") == nil)
    #expect(RecordExportFormat(path: "csv") == nil)
    #expect(RecordExportFormat(path: "dir.csv/x") == nil)
  }

  @Test("e: the prompt, the file written, then a name taken: overwritten only when asked twice")
  @MainActor
  func overwriteAskedTwice() async throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/p.csv"
    try Data("old".utf8).write(to: URL(fileURLWithPath: path))
    let session = try await BrowsingSession.open(
      BrowsingFixture(source: Self.people(), records: [], width: 80, height: 7), case: "e")
    await session.press(.character("e"))
    #expect(session.statusLine.hasPrefix(" export to .csv .tsv .jsonl (relative to "))
    await session.type(path)
    #expect(session.statusLineSays("\(path) exists — e again with the same name to overwrite"))
    #expect(
      String(decoding: FileManager.default.contents(atPath: path) ?? Data(), as: UTF8.self) == "old"
    )
    // Another name in between asks again.
    await session.press(.character("e"))
    await session.type(folder + "/other.tsv")
    #expect(session.statusLineSays("Exported 3 records (3 columns) to \(folder)/other.tsv as TSV"))
    await session.press(.character("e"))
    await session.type(path)
    #expect(session.statusLineSays("\(path) exists — e again"))
    await session.press(.character("e"))
    await session.type(path)
    #expect(session.statusLineSays("Exported 3 records (3 columns) to \(path) as CSV"))
    let text = try String(contentsOfFile: path, encoding: .utf8)
    #expect(text.hasPrefix("id,name,note\r\n1,Ada,"))
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == [
        "other.tsv", "p.csv",
      ])
  }

  @Test("A bad name, a missing folder or a file in the way: a clear message, nothing written")
  @MainActor
  func badPaths() async throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try Data("x".utf8).write(to: URL(fileURLWithPath: folder + "/plain"))
    let session = try await BrowsingSession.open(
      BrowsingFixture(source: Self.people(), records: [], width: 120, height: 7), case: "e")
    for (name, said) in [
      (
        "p.xlsx", "Can't tell the format of \(folder)/p.xlsx: name it .csv, .tsv, .jsonl or .ndjson"
      ),
      ("missing/p.csv", "Can't write in \(folder)/missing: No such file or directory"),
      ("plain/p.csv", "Can't write in \(folder)/plain: not a folder"),
    ] {
      await session.press(.character("e"))
      await session.type(folder + "/" + name)
      #expect(session.statusLineSays(said), "\(session.statusLine)")
    }
    await session.press(.character("e"))
    await session.type("")
    #expect(session.statusLineSays("No file named: nothing exported"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["plain"])
  }

  @Test("The CSV file browsed is never written, even asked twice; it is unchanged")
  @MainActor
  func browsedFile() async throws {
    let file = try TemporaryCSV("id,name\n1,Ada\n2,Grace\n")
    defer { file.remove() }
    let session = try await BrowsingSession.open(
      BrowsingFixture(source: try file.source(), records: [], width: 120, height: 7), case: "e")
    for _ in 0..<2 {
      await session.press(.character("e"))
      await session.type(file.path)
      #expect(
        session.statusLineSays(
          "\(file.path) is a file the browser has open (the records browsed?): choose another name"),
        "\(session.statusLine)")
    }
    #expect(try String(contentsOfFile: file.path, encoding: .utf8) == "id,name\n1,Ada\n2,Grace\n")
    #expect(try FileManager.default.contentsOfDirectory(atPath: file.directory) == ["sheet.csv"])
  }

  @Test("Tab completes the file name from the folder typed; the status line lists the names")
  @MainActor
  func tabCompletes() async throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try FileManager.default.createDirectory(
      atPath: folder + "/alps", withIntermediateDirectories: true)
    for name in ["alpha.csv", "beta.tsv", ".hidden.csv"] {
      try Data().write(to: URL(fileURLWithPath: folder + "/" + name))
    }
    #expect(
      ExportPaths.completions(of: folder + "/al") == [folder + "/alpha.csv", folder + "/alps/"])
    #expect(ExportPaths.completions(of: folder + "/.h") == [folder + "/.hidden.csv"])
    #expect(ExportPaths.completions(of: folder + "/missing/x") == [])
    let session = try await BrowsingSession.open(
      BrowsingFixture(source: Self.people(), records: [], width: 200, height: 7), case: "Tab")
    await session.press([.character("e")] + (folder + "/al").map { .character($0) } + [.tab])
    #expect(session.records?.prompt?.text == folder + "/alp")
    #expect(session.statusLine.contains("/alp█  alpha.csv, alps"), "\(session.statusLine)")
    await session.press(.backspace, .backspace, .backspace, .character("b"), .tab)
    #expect(session.records?.prompt?.text == folder + "/beta.tsv")
    await session.press(.enter)
    #expect(session.statusLineSays("\(folder)/beta.tsv exists — e again"))
  }

  @Test("A field of 1.5 MiB, of which a page keeps the start, is written whole")
  func wholeValues() async throws {
    let (text, field) = CSVHugeFieldTests.hugeText()
    let file = try TemporaryCSV(text)
    defer { file.remove() }
    let source = try file.source()
    let written = try await RecordExport.write(source, view: .all, to: file.directory + "/out.tsv")
    #expect(written == 3)
    let lines = try String(contentsOfFile: file.directory + "/out.tsv", encoding: .utf8)
      .split(separator: "\n")
    #expect(lines.count == 4)
    #expect(lines[1] == "1\t" + field)
  }

  @Test("Esc while exporting stops it and leaves no file, not even the temporary one")
  @MainActor
  func escapeRemovesThePartialFile() async throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let rows: [[CellValue]] = (1...1_500).map { [.integer(Int64($0)), .text("row \($0)")] }
    let source = StallingSource(
      base: MemoryRecordSource(
        name: "slow", columns: ["id", "name"], records: rows, keyColumns: [0]))
    let session = try await BrowsingSession.open(
      BrowsingFixture(source: source, records: [], pageSize: 10, width: 80, height: 7), case: "Esc")
    let stack = session.browser.stack
    stack.handle(.key(.character("e")))
    for character in folder + "/slow.csv" { stack.handle(.key(.character(character))) }
    stack.handle(.key(.enter))
    // The first page is written; the second never comes.
    var waited = 0
    while (try FileManager.default.contentsOfDirectory(atPath: folder)).isEmpty
      || source.stalled == 0
    {
      try await Task.sleep(for: .milliseconds(10))
      waited += 1
      #expect(waited < 500)
      if waited >= 500 { return }
    }
    let temporary = try FileManager.default.contentsOfDirectory(atPath: folder)
    #expect(temporary.count == 1 && temporary[0].hasPrefix(".slow.csv.part-"))
    // The status line counts what is written, page by page.
    let said = "exporting to \(folder)/slow.csv as CSV: 1,000 of 1,500 written… — Esc cancels"
    for _ in 0..<300 where session.records?.statusText().hasSuffix(said) != true {
      try await Task.sleep(for: .milliseconds(10))
    }
    #expect(
      session.records?.statusText().hasSuffix(said) == true,
      "\(session.records?.statusText() ?? "")")
    await session.press(.escape)
    #expect(session.statusLineSays("Cancelled"))
    // The export's task removes its file as it ends, once cancelled.
    for _ in 0..<300 where try !FileManager.default.contentsOfDirectory(atPath: folder).isEmpty {
      try await Task.sleep(for: .milliseconds(10))
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == [])
  }
}

/// A source whose pages after the first wait until cancelled.
final class StallingSource: RecordSource, @unchecked Sendable {
  let base: MemoryRecordSource
  private let lock = NSLock()
  private var stalls = 0
  /// Pages that waited.
  var stalled: Int { lock.withLock { stalls } }
  init(base: MemoryRecordSource) { self.base = base }
  var name: String { base.name }
  var columns: [RecordColumn] { base.columns }
  var keyColumns: [Int] { base.keyColumns }
  func page(after position: RecordPosition?, in view: RecordView, limit: Int) async throws
    -> [PageRecord]
  {
    if position != nil, limit >= RecordExport.pageSize {
      lock.withLock { stalls += 1 }
      try await Task.sleep(for: .seconds(3_600))
    }
    return try await base.page(after: position, in: view, limit: limit)
  }
  func page(before position: RecordPosition?, in view: RecordView, limit: Int) async throws
    -> [PageRecord]
  {
    try await base.page(before: position, in: view, limit: limit)
  }
  func count(in view: RecordView) async throws -> RecordCount { try await base.count(in: view) }
  func wholeRecord(key: RecordKey) async throws -> [CellValue]? {
    try await base.wholeRecord(key: key)
  }
}

@Suite("e in the help screen")
struct ExportHelpTests {
  @Test("? lists e, F and I, the last keys of the records screen")
  @MainActor
  func help() async throws {
    let session = try await BrowsingSession.open(
      BrowsingFixture(source: ExportTests.people(), records: [], width: 80, height: 24), case: "?")
    await session.press(.character("?"), .end)
    #expect(
      Array(session.lines.suffix(7)) == [
        " c                  Go to a column by its name (Tab completes)                  ",
        " e                  Export the records shown to a file: .csv, .tsv or .jsonl    ",
        " F                  Frequency of the values of the column under the cursor      ",
        "                    (Enter filters by one)                                      ",
        " I                  Summary of the columns shown: types, NULLs, distinct, min,  ",
        "                    max, mean                                                   ",
        " Esc or ← goes back                                                       29/29 ",
      ], "\(session.lines.joined(separator: "\n"))")
  }
}
