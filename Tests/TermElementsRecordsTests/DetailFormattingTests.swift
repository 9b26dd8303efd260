import Foundation
import TermElementsRecords
import Testing

/// The pure parts of the detail view: hex dumps, text in BLOBs, pretty JSON, cutting huge
/// values, splitting long lines, and the SQL that reads a record.
@Suite("Detail formatting")
struct DetailFormattingTests {
  /// Sixteen bytes a line, in two groups of eight, with the offset and the ASCII column.
  @Test("Hex dump lines: offsets, two groups, ASCII with dots")
  func hexDump() {
    let bytes = Array("{\n  \"name\": \"foo\"\n}".utf8)
    #expect(
      HexDump.lines(of: bytes) == [
        #"00000000  7b 0a 20 20 22 6e 61 6d  65 22 3a 20 22 66 6f 6f  |{.  "name": "foo|"#,
        "00000010  22 0a 7d" + String(repeating: " ", count: 42) + "|\".}|",
      ])
    #expect(HexDump.lines(of: []) == [])
    let long = [UInt8](repeating: 0xFF, count: 100)
    #expect(HexDump.lines(of: long, limit: 32).count == 2)
    #expect(HexDump.lines(of: long, limit: 33).count == 3)
    #expect(HexDump.lines(of: long, limit: 33).last?.hasPrefix("00000020  ff      ") == true)
    #expect(
      HexDump.line(of: [0x00, 0x1B, 0x7F, 0x80, 0x41][...], at: 0x1_2345_6780)
        == "123456780  00 1b 7f 80 41" + String(repeating: " ", count: 36) + "|....A|")
    #expect(HexDump.lines(of: [UInt8](repeating: 0x41, count: 64)).allSatisfy { $0.count == 78 })
  }

  /// Valid UTF-8 with no NUL and few controls is text; anything else is not.
  @Test("A BLOB is text when it is UTF-8 without NUL and mostly printable")
  func blobText() {
    #expect(BlobText.text(of: Array("{\"a\": \"é\"}\n".utf8)) == "{\"a\": \"é\"}\n")
    #expect(BlobText.text(of: Array("tabs\tand\r\nlines, \u{1B}[1mbold\u{1B}[0m".utf8)) != nil)
    #expect(BlobText.text(of: []) == nil)
    #expect(BlobText.text(of: Array("a\u{0}b".utf8)) == nil)
    #expect(BlobText.text(of: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) == nil)
    #expect(BlobText.text(of: [0x41, 0xC3]) == nil)
    #expect(BlobText.text(of: [0x01, 0x02, 0x03, 0x04]) == nil)
    // One control in twenty characters passes; one in ten does not.
    #expect(BlobText.text(of: Array((String(repeating: "a", count: 19) + "\u{01}").utf8)) != nil)
    #expect(BlobText.text(of: Array((String(repeating: "a", count: 9) + "\u{01}").utf8)) == nil)
    #expect(BlobText.text(of: Array("abc\u{85}".utf8)) == nil)
    // The start of a longer value may end inside a character, which is left out.
    let cut = Array("naïve".utf8.prefix(3))
    #expect(BlobText.text(of: cut) == nil)
    #expect(BlobText.text(of: cut, isCut: true) == "na")
    #expect(BlobText.text(of: Array("日本".utf8.prefix(5)), isCut: true) == "日")
  }

  /// Keys keep their order, strings are copied as written, empty containers stay on a line.
  @Test("Pretty JSON keeps key order and strings as written")
  func prettyJSON() {
    let json = #" {"b":1,"a":[true,"x\"y",-1.5e3],"c":{}, "d" : [ ], "e":"\u00e9 ,:{["} "#
    #expect(
      PrettyJSON.format(json)?.split(separator: "\n", omittingEmptySubsequences: false) == [
        "{",
        #"  "b": 1,"#,
        #"  "a": ["#,
        "    true,",
        #"    "x\"y","#,
        "    -1.5e3",
        "  ],",
        #"  "c": {},"#,
        #"  "d": [],"#,
        #"  "e": "\u00e9 ,:{[""#,
        "}",
      ])
    #expect(PrettyJSON.format("[]") == "[]")
    #expect(
      PrettyJSON.format("[[1],{\"k\":[]}]") == "[\n  [\n    1\n  ],\n  {\n    \"k\": []\n  }\n]")
    #expect(PrettyJSON.format(#"{"a":"日本\\"}"#) == "{\n  \"a\": \"日本\\\\\"\n}")
    // Only an object or an array, whole and valid.
    #expect(PrettyJSON.format("1") == nil)
    #expect(PrettyJSON.format(#""text""#) == nil)
    #expect(PrettyJSON.format("{\"a\": 1} trailing") == nil)
    #expect(PrettyJSON.format("{\"a\": }") == nil)
    #expect(PrettyJSON.format("[1, 2") == nil)
    #expect(PrettyJSON.format("{'a': 1}") == nil)
    #expect(PrettyJSON.format("{\"a\": \"raw\u{1B}\"}") == nil)
    #expect(PrettyJSON.format("") == nil)
  }

  /// Text breaks at line feeds, CRLF included, and is cut at a limit on a whole character.
  @Test("Text lines: line breaks, and the limits")
  func textLines() {
    #expect(DetailContent.lines(of: "a\nb\r\nc\rd\n") == (["a", "b", "c\rd", ""], 9))
    #expect(DetailContent.lines(of: "") == ([""], 0))
    #expect(DetailContent.lines(of: "abcdef", byteLimit: 4) == (["abcd"], 4))
    #expect(DetailContent.lines(of: "ab\ncd\nef", byteLimit: 6) == (["ab", "cd"], 6))
    #expect(DetailContent.lines(of: "ab\ncdef", byteLimit: 3) == (["ab"], 3))
    // A character is never split by the cut.
    #expect(DetailContent.lines(of: "aé", byteLimit: 2) == (["a"], 1))
    #expect(DetailContent.lines(of: "1\n2\n3\n4", lineLimit: 2) == (["1", "2"], 4))
  }

  /// Each kind of value, and how much of a huge one is left out.
  @Test("Content of values: NULL, numbers, text, JSON, BLOBs, huge values")
  func content() {
    #expect(DetailContent(.null) == DetailContent(kind: .null, lines: ["NULL"]))
    #expect(DetailContent(.integer(42)) == DetailContent(kind: .number, lines: ["42"]))
    #expect(DetailContent(.real(2.5)).lines == ["2.5"])
    #expect(
      DetailContent(.text("two\nlines"))
        == DetailContent(kind: .text, lines: ["two", "lines"]))
    #expect(
      DetailContent(.text("[1]")) == DetailContent(kind: .json, lines: ["[", "  1", "]"]))
    #expect(
      DetailContent(.blob(Array("[1]".utf8)))
        == DetailContent(kind: .json, summary: "<blob 3 B, JSON>", lines: ["[", "  1", "]"]))
    #expect(
      DetailContent(.blob(Array("héllo".utf8)))
        == DetailContent(kind: .text, summary: "<blob 6 B, UTF-8 text>", lines: ["héllo"]))
    #expect(
      DetailContent(.blob([0, 1]))
        == DetailContent(
          kind: .hexDump, summary: "<blob 2 B>",
          lines: ["00000000  00 01" + String(repeating: " ", count: 45) + "|..|"]))
    #expect(
      DetailContent(.blob([]))
        == DetailContent(kind: .hexDump, summary: "<blob 0 B>", lines: []))
    // A large binary BLOB: 4 KiB in hex, and the rest counted.
    let binary = DetailContent(.blob([UInt8](repeating: 0, count: 3 * 1_048_576)))
    #expect(binary.lines.count == 256)
    #expect(binary.omittedBytes == 3 * 1_048_576 - 4_096)
    #expect(binary.omissionNote == "… 3.0 MiB more not shown")
    // Huge text: 64 KiB shown; a BLOB of text too large to try as JSON is text.
    let huge = String(repeating: "ab\n", count: 1_000_000)
    let text = DetailContent(.text(huge))
    #expect(text.kind == .text)
    #expect(text.lines.count == DetailContent.lineLimit)
    #expect(text.omittedBytes == 3_000_000 - 3 * DetailContent.lineLimit)
    let blob = DetailContent(
      .blob(Array(("[" + String(repeating: "1,", count: 600_000) + "1]").utf8)))
    #expect(blob.kind == .text)
    #expect(blob.summary == "<blob 1.1 MiB, UTF-8 text>")
    #expect(blob.lines.count == 1)
    #expect(blob.omittedBytes == 1_200_003 - DetailContent.textLimit)
    #expect(DetailContent(kind: .text, lines: []).omissionNote == nil)
  }

  /// A long line is split after a space in the second half of each piece, else between
  /// characters; the pieces make up the line again.
  @Test("Long lines split into pieces")
  func pieces() {
    #expect(DetailLine.pieces(of: "short") == ["short"])
    #expect(DetailLine.pieces(of: "aaa bbb ccc ddd", limit: 8) == ["aaa bbb ", "ccc ddd"])
    #expect(DetailLine.pieces(of: "a bcdefghijk", limit: 8) == ["a bcdefg", "hijk"])
    #expect(DetailLine.pieces(of: "日本語です", limit: 7) == ["日本", "語で", "す"])
    let line = String(repeating: "lorem ipsum dolor sit amet ", count: 1_000)
    let pieces = DetailLine.pieces(of: line)
    #expect(pieces.joined() == line)
    #expect(pieces.allSatisfy { $0.utf8.count <= DetailLine.pieceLimit })
    #expect(pieces.dropLast().allSatisfy { $0.hasSuffix(" ") })
  }
}
