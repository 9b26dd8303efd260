import Foundation
import Testing

@testable import TermElementsRecords

@Suite("CSV parsing", .timeLimit(.minutes(5)))
struct CSVParsingTests {
  @Test("Quotes, commas, line ends in quotes, a BOM, CRLF, ragged rows and no final line end")
  func hostileFields() async throws {
    let text =
      "\u{FEFF}id,name,,name\r\n"
      + "1,\"Smith, Ada\",\"say \"\"hi\"\"\",x\r\n"
      + "2,\"two\r\nlines\",\"\",\r\n"
      + "3,short\r\n"
      + "4,a,b,c,d,e\r\n"
      + "\r\n"
      + "5,\"ab\"c,d\"e,\"unclosed"
    let file = try TemporaryCSV(text)
    defer { file.remove() }
    let source = try file.source()
    #expect(source.columns.map(\.name) == ["id", "name", "", "name"])
    #expect(source.keyColumns.isEmpty)
    let page = try await source.page(after: nil, in: .all, limit: 10)
    #expect(
      page.map(\.values) == [
        [.integer(1), .text("Smith, Ada"), .text("say \"hi\""), .text("x")],
        [.integer(2), .text("two\r\nlines"), .text(""), .text("")],
        [.integer(3), .text("short"), .null, .null],
        [.integer(4), .text("a"), .text("b"), .text("c,d,e")],
        [.text(""), .null, .null, .null],
        [.integer(5), .text("abc"), .text("d\"e"), .text("unclosed")],
      ])
    #expect(page.map(\.key) == (1...6).map { RecordKey([.integer(Int64($0))]) })
  }

  @Test("Invalid UTF-8 becomes U+FFFD rather than a crash")
  func invalidUTF8() async throws {
    let bytes: [UInt8] = Array("a,b\n".utf8) + [0xFF, 0xC3, 0x2C, 0x61, 0xE2, 0x82, 0x0A]
    let file = try TemporaryCSV(bytes)
    defer { file.remove() }
    let source = try file.source()
    let page = try await source.page(after: nil, in: .all, limit: 10)
    #expect(page.map(\.values) == [[.text("\u{FFFD}\u{FFFD}"), .text("a\u{FFFD}")]])
  }

  @Test("Whole numbers, decimals with their digits, and empty text")
  func typing() async throws {
    let file = try TemporaryCSV(
      "a,b,c,d,e,f,g,h,i\n12,-3.50,007,,1e3,abc,12 ,+4,99999999999999999999\n")
    defer { file.remove() }
    let source = try file.source()
    let page = try await source.page(after: nil, in: .all, limit: 10)
    #expect(
      page.first?.values == [
        .integer(12), .decimal("-3.50"), .decimal("007"), .text(""), .decimal("1e3"),
        .text("abc"), .text("12 "), .decimal("+4"), .decimal("99999999999999999999"),
      ])
  }

  @Test("A long field is cut in pages and whole in the record")
  func longField() async throws {
    let long = String(repeating: "é", count: 5000)
    let file = try TemporaryCSV("a,b\n1,\(long)\n")
    defer { file.remove() }
    let source = try file.source()
    let page = try await source.page(after: nil, in: .all, limit: 10)
    #expect(page.first?.values[1] == .text(String(long.prefix(CSVValue.pageCharacterLimit))))
    let key = try #require(page.first?.key)
    #expect(try await source.wholeRecord(key: key) == [.integer(1), .text(long)])
    #expect(try await source.wholeRecord(key: RecordKey([.integer(2)])) == nil)
  }

  @Test("An empty file and a header alone have no records")
  func emptyAndHeaderOnly() async throws {
    for (text, columns) in [("", [String]()), ("a,b\n", ["a", "b"]), ("a,b", ["a", "b"])] {
      let file = try TemporaryCSV(text)
      defer { file.remove() }
      let source = try file.source()
      #expect(source.columns.map(\.name) == columns)
      #expect(try await source.page(after: nil, in: .all, limit: 10).isEmpty)
      #expect(try await source.page(before: nil, in: .all, limit: 10).isEmpty)
      try await source.waitForIndex()
      #expect(try await source.count(in: .all) == .exact(0))
      #expect(try await source.position(atOffset: 0, in: .all) == nil)
    }
  }

  @Test("A TSV file splits at tabs")
  func tabs() async throws {
    let file = try TemporaryCSV("a\tb\n1,5\tx\n", name: "data.tsv")
    defer { file.remove() }
    let source = try file.source()
    #expect(source.name == "data.tsv")
    let page = try await source.page(after: nil, in: .all, limit: 10)
    #expect(page.map(\.values) == [[.text("1,5"), .text("x")]])
  }

  @Test("A missing file, a directory and a binary file each throw one clear message")
  func errors() throws {
    let binary = try TemporaryCSV([0x50, 0x4B, 0x03, 0x04, 0x00, 0x00])
    defer { binary.remove() }
    let cases = [
      (binary.directory + "/missing.csv", "No such file or directory"),
      (binary.directory, "is a directory"),
      (binary.path, "is not a text file"),
    ]
    for (path, message) in cases {
      do {
        _ = try CSVRecordSource(path: path)
        Issue.record("\(path) opened")
      } catch {
        #expect(error.description.contains(message))
      }
    }
  }

  @Test("The catalog lists the one sheet")
  func catalog() async throws {
    let file = try TemporaryCSV("a\n1\n2\n", name: "numbers.csv")
    defer { file.remove() }
    let catalog = try CSVCatalog(path: file.path)
    try await catalog.source.waitForIndex()
    #expect(try await catalog.sheets() == [SheetSummary(name: "numbers.csv", count: .exact(2))])
    let source = try await catalog.source(named: "numbers.csv")
    #expect(try await source.page(after: nil, in: .all, limit: 5).count == 2)
    await #expect(throws: RecordSourceError.self) { try await catalog.source(named: "other") }
  }
}
