import Foundation
import TermElements
import TermElementsRecords
import TermElementsTestSupport
import Testing

/// How values look: numbers, sizes, widths, cells.
@Suite("Value formatting")
struct FormattingTests {
  /// A column of numbers shows as many decimals as its longest fraction needs, so that the
  /// points line up under right alignment; integers among them are padded as if they had them.
  @Test("Decimal points line up in a column of numbers")
  func decimalPoints() {
    let records: [[CellValue]] = [
      [.real(453.8), .text("a")], [.real(4689.74), .null], [.integer(12), .integer(3)],
      [.real(1e-30), .real(2)],
    ]
    let decimals = DecimalColumns.measure(records)
    #expect(decimals == [2, 0])
    let column = records.map { $0[0].cellText(decimals: decimals[0]) }
    #expect(column == ["453.80", "4689.74", "12   ", "0.00"])
    let widths = ColumnWidths.measure(headers: ["n"], records: records.map { [$0[0]] })
    #expect(widths == [10])
    let lines = column.map { text -> String in
      var screen = Screen(width: 10, height: 1)
      let line = ElementOf<RecordLine>(
        props: RecordLine.Props(cells: [.init(text, kind: .number)], widths: [10]))
      screen.draw { line.draw(in: &$0) }
      return screen.lines[0]
    }
    #expect(lines == ["    453.80", "   4689.74", "     12   ", "      0.00"])
  }

  /// Exact decimals and reals count the digits after their point up to the most a column
  /// shows; an exact decimal with more keeps them all, unpadded, and its column still lines up.
  @Test("Exact decimals line up with reals, whatever their digits after the point")
  func exactDecimals() {
    let records: [[CellValue]] = [
      [.decimal("1204.5")], [.decimal("-0.123456789")], [.decimal("7")], [.real(0.25)],
      [.real(1e-7)],
    ]
    let decimals = DecimalColumns.measure(records)
    #expect(decimals == [6])
    let column = records.map { $0[0].cellText(decimals: decimals[0]) }
    #expect(
      column == [
        "1204.5     ", "-0.123456789", "7       ", "0.250000", "0.000000",
      ])
    #expect(DecimalColumns.measure([[.decimal("12.30")], [.real(-2.5)], [.null]]) == [2])
  }

  /// Fixed decimals are written as C's `printf("%.*f")` writes them, `String(format:)`'s
  /// text: the exact binary value rounded, ties to even, the sign kept on a negative zero, on
  /// random numbers of every magnitude and on halves.
  @Test("Fixed decimals are printf's")
  func fixedDecimals() {
    var numbers: [Double] = [
      0, -0.0, 0.5, 1.5, 2.5, -2.5, 0.125, 0.375, -0.125, 1.005, 2.675, 1e-7, -1e-7,
      .leastNonzeroMagnitude,
      .leastNormalMagnitude, 0.999_999_5, 9.999_999_5, 123_456.789, 4689.74, 453.8, -199_999.99,
      9_223_372_036_854.775, 9.2e12, 1e15, 1e300, -1e300, .greatestFiniteMagnitude,
    ]
    var random = SeededRandom(seed: 11)
    for _ in 0..<3_000 {
      let bits = (random.next() % (1 << 30)) << 34 | (random.next() % (1 << 30)) << 4
      let number = Double(bitPattern: bits)
      if number.isFinite { numbers.append(number) }
      // Numbers with few decimals, and their halves, as a database holds money.
      let cents = (Double(random.next() % 2_000_000) - 1_000_000) / 100
      numbers += [cents, cents / 2, cents / 8, cents * 1_000]
    }
    var wrong: [String] = []
    for number in numbers {
      for decimals in 0...DecimalColumns.maximum + 1 {
        let expected = String(format: "%.\(decimals)f", number)
        let fixed = DecimalColumns.fixed(number, decimals: decimals)
        if fixed != expected { wrong.append("\(number) \(decimals): \(fixed) ≠ \(expected)") }
      }
    }
    #expect(wrong.isEmpty, "\(wrong.prefix(10))")
    #expect(CellValue.real(-0.001).cellText(decimals: 2) == "-0.00")
  }

  /// Sizes in B, KiB, MiB; counts grouped by thousands.
  @Test("Byte counts and grouped numbers")
  func numbers() {
    #expect(CellValue.byteCount(0) == "0 B")
    #expect(CellValue.byteCount(1023) == "1023 B")
    #expect(CellValue.byteCount(1024) == "1.0 KiB")
    #expect(CellValue.byteCount(1_048_575) == "1.0 MiB")
    #expect(CellValue.byteCount(3 * 1_048_576) == "3.0 MiB")
    #expect(CellValue.grouped(0) == "0")
    #expect(CellValue.grouped(999) == "999")
    #expect(CellValue.grouped(1_000_000) == "1,000,000")
    #expect(CellValue.grouped(-12_345) == "-12,345")
  }

  /// Widths count terminal columns, wide characters as two, and are capped.
  @Test("Column widths: the widest value, wide characters, the cap")
  func widths() {
    let widths = ColumnWidths.measure(
      headers: ["id", "name", "note"],
      records: [
        [.integer(1), .text("東京タワー"), .text(String(repeating: "x", count: 100))],
        [.integer(22_222), .null, .null],
      ])
    #expect(widths == [ColumnWidths.numberWidth, 10, ColumnWidths.maximum])
    #expect(ColumnWidths.measure(headers: ["id"], records: [], minimums: [7]) == [7])
    // Text measured once and met again, printable ASCII, control characters, wide characters
    // and combining marks: each as wide as the terminal draws it.
    let texts = ["東京", "Tab\tseparated", "e\u{301}e\u{301}", "plain", "東京", "\u{1B}[31mred"]
    for text in texts {
      #expect(
        ColumnWidths.measure(headers: [""], records: [[.text(text)]], maximum: 64)
          == [text.terminalWidth], "\(text)")
    }
    #expect(
      ColumnWidths.measure(headers: [""], records: texts.map { [.text($0)] }, maximum: 64)
        == [texts.map(\.terminalWidth).max()!])
  }

  /// A cell is cut with an ellipsis, NULL is dimmed, and escape sequences are shown, not obeyed.
  @Test("Cells are truncated, NULL is distinct, hostile text is made printable")
  func drawing() {
    let line = ElementOf<RecordLine>(
      props: RecordLine.Props(
        cells: [
          RecordLine.Cell(.integer(7)), RecordLine.Cell(.text("a\u{1B}[31mred")),
          RecordLine.Cell(.null), RecordLine.Cell(.text("東京タワー東京")),
        ],
        widths: [3, 12, 4, 7]))
    var screen = Screen(width: 40, height: 1)
    screen.draw(in: Rect(x: 0, y: 0, width: 40, height: 1), glyphs: .unicode) { canvas in
      line.draw(in: &canvas)
    }
    #expect(
      screen.lines[0].trimmingCharacters(in: .whitespaces) == "7 │ a^[[31mred   │ NULL │ 東京タ…")
    #expect(screen.style(atX: 21, y: 0).attributes.contains(.dim))
  }
}
