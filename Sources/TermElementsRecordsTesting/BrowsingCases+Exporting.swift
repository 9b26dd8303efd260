import Foundation
import TermElements
import TermElementsRecords

/// The case of `e`: the records shown, written to a file and read back.
extension BrowsingCases {
  /// `e` and a file name write the records shown: every record in the key's order as CSV,
  /// which a `CSVRecordSource` opens with the same records (NULL as an empty field, a BLOB as
  /// `\x` and hex, each value whole); then, sorted the other way by the first column with a
  /// column hidden, as TSV and as JSON lines, parsed back and compared value by value. The
  /// files are written in a temporary folder, removed after.
  public static let exporting = BrowsingCase(
    "exporting", "e writes the records shown as CSV, TSV and JSON lines, which read back"
  ) { session in
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("termelements-export-\(UUID().uuidString)").path
    do {
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    } catch {
      session.fail("a temporary folder", found: "\(error)")
      return
    }
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let source = session.fixture.source
    let all = Array(source.columns.indices)

    let csv = folder + "/all.csv"
    await session.export(to: csv)
    await session.checkCSV(csv, order: session.fixture.order(in: .all), columns: all)

    // Sorted by the first column the other way, the second column in the cursor's order
    // hidden where it can be.
    if source.support(for: .sort).isAvailable {
      await session.press(.home, .character("s"), .character("s"))
    }
    let cursorOrder = ColumnViewport.order(columns: source.columns.count, keys: source.keyColumns)
    if cursorOrder.count > 2 {
      await session.press(.right, .character("-"))
    }
    let view = session.records?.view ?? .all
    let hidden = session.records?.columns.hidden ?? []
    let shown = all.filter { !hidden.contains($0) }
    let order = session.fixture.order(in: view)
    let tsv = folder + "/sorted.tsv"
    await session.export(to: tsv)
    session.checkTSV(tsv, order: order, columns: shown)
    let jsonl = folder + "/sorted.jsonl"
    await session.export(to: jsonl)
    session.checkJSONLines(jsonl, order: order, columns: shown)
  }
}

extension BrowsingSession {
  /// Presses `e`, types `path` and Enter, and checks that the status line says the records
  /// were exported.
  public func export(to path: String) async {
    await press(.character("e"))
    await type(path)
    expect(
      statusLineSays("Exported "), "e \(path): the status line to say the records were exported",
      found: statusLine)
  }

  /// The value a file written by `e` holds of `value`, as the fixture knows it: a BLOB the
  /// fixture holds only the start of is `nil`, checked by ``matches(_:_:)``.
  func exportedText(_ value: CellValue) -> String {
    if case .blob(_, let bytes) = value {
      return "\\x" + bytes.map(BrowsingCases.hexByte).joined()
    }
    return value.cellText
  }

  /// Whether `text`, read back from an exported file, is the text of `value`: for a BLOB of
  /// which the fixture holds only the start, a text that starts so and is as long as the whole.
  func matches(_ text: String, _ value: CellValue) -> Bool {
    if case .blob(let size, let prefix) = value, prefix.count < size {
      return text.hasPrefix(exportedText(value)) && text.utf8.count == 2 + 2 * size
    }
    return text == exportedText(value)
  }

  /// Checks the CSV file at `path` by opening it with a ``CSVRecordSource``: its column names
  /// are those of `columns`, and its records, read whole, those of `order` (indexes in the
  /// fixture's records), NULL as empty text.
  func checkCSV(_ path: String, order: [Int], columns: [Int]) async {
    let names = columns.map { fixture.source.columns[$0].name }
    var read: [[CellValue]] = []
    do {
      let file = try CSVRecordSource(path: path)
      try await file.waitForIndex()
      expect(
        file.columns.map(\.name) == names, "\(path): the header \(names)",
        found: "\(file.columns.map(\.name))")
      var position: RecordPosition?
      while true {
        let page = try await file.page(after: position, in: .all, limit: 100)
        for record in page { read.append(try await file.wholeRecord(key: record.key) ?? []) }
        guard page.count == 100, let last = page.last else { break }
        position = last.position
      }
    } catch {
      // A CSV source refuses a file holding NUL bytes, which a text may hold in memory.
      let holdsNUL = order.contains { index in
        columns.contains { fixture.value(index, $0).cellText.utf8.contains(0) }
      }
      expect(
        holdsNUL && "\(error)".contains("NUL bytes"), "\(path) to open as CSV",
        found: "\(error)")
      return
    }
    compare(read.map { $0.map { $0.cellText } }, path: path, order: order, columns: columns)
  }

  /// Checks the TSV file at `path`: a header line of the names of `columns`, then one line a
  /// record of `order`, values escaped as PostgreSQL's `COPY` text, NULL as `\N`.
  func checkTSV(_ path: String, order: [Int], columns: [Int]) {
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
      fail("\(path) to be written", found: "no file")
      return
    }
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    expect(lines.last == "", "\(path): a line feed at the end", found: "\(lines.last ?? "")")
    lines.removeLast()
    let names = columns.map { fixture.source.columns[$0].name }
    let header = lines.isEmpty ? [] : Self.tsvFields(lines.removeFirst())
    expect(header == names, "\(path): the header \(names)", found: "\(header)")
    compare(lines.map(Self.tsvFields), path: path, order: order, columns: columns)
  }

  /// The fields of a TSV line, unescaped; `\N` as `nil`, NULL.
  static func tsvFields(_ line: String) -> [String?] {
    line.split(separator: "\t", omittingEmptySubsequences: false).map { field in
      guard field != "\\N" else { return nil }
      var text = ""
      var escaped = false
      for character in field {
        if escaped {
          switch character {
          case "t": text.append("\t")
          case "n": text.append("\n")
          case "r": text.append("\r")
          default: text.append(character)
          }
          escaped = false
        } else if character == "\\" {
          escaped = true
        } else {
          text.append(character)
        }
      }
      return text
    }
  }

  /// Compares the records read back from `path`, a field a column (`nil` for NULL, where the
  /// format has it), with those of `order` in `columns`.
  func compare(_ read: [[String?]], path: String, order: [Int], columns: [Int]) {
    expect(
      read.count == order.count, "\(path): \(order.count) records",
      found: "\(read.count) records")
    for (fields, index) in zip(read, order) {
      let values = columns.map { fixture.value(index, $0) }
      let same =
        fields.count == values.count
        && zip(fields, values).allSatisfy { field, value in
          guard let field else { return value.isNull }
          // A CSV file has no NULL: an empty field.
          return value.isNull ? field.isEmpty : matches(field, value)
        }
      expect(
        same,
        "\(path): \(describe(index)) read back as \(values.map(exportedText).map { String(reflecting: $0.prefix(60)) })",
        found: "\(fields.map { $0.map { String(reflecting: $0.prefix(60)) } ?? "NULL" })")
    }
  }

  /// Checks the JSON lines at `path`: one object a record of `order`, the names of `columns`
  /// as keys, numbers as numbers, truth values as such, NULL as `null`, JSON as itself.
  func checkJSONLines(_ path: String, order: [Int], columns: [Int]) {
    guard let data = FileManager.default.contents(atPath: path) else {
      fail("\(path) to be written", found: "no file")
      return
    }
    var lines = data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
    expect(lines.last?.isEmpty == true, "\(path): a line feed at the end")
    lines.removeLast()
    expect(
      lines.count == order.count, "\(path): \(order.count) lines", found: "\(lines.count) lines")
    for (line, index) in zip(lines, order) {
      guard
        let object = try? JSONSerialization.jsonObject(with: Data(line)) as? [String: Any]
      else {
        fail(
          "\(path): \(describe(index)) as a JSON object",
          found: String(decoding: line, as: UTF8.self))
        continue
      }
      for column in columns {
        let name = fixture.source.columns[column].name
        let value = fixture.value(index, column)
        expect(
          object[name].map { Self.json($0, is: value) } == true
            || (value.isNull && object[name] is NSNull),
          "\(path): \(describe(index)), \(name) as JSON of \(String(reflecting: value))",
          found: "\(object[name].map { "\($0)" } ?? "none")")
      }
      expect(
        object.count == Set(columns.map { fixture.source.columns[$0].name }).count,
        "\(path): \(describe(index)) has the columns shown alone", found: "\(object.keys.sorted())")
    }
  }

  /// Whether `json`, as `JSONSerialization` reads it, stands for `value`.
  static func json(_ json: Any, is value: CellValue) -> Bool {
    switch value {
    case .null:
      return json is NSNull
    case .integer(let number):
      return (json as? NSNumber)?.int64Value == number && !(json is String)
    case .real(let number) where number.isFinite:
      // Foundation may read a number as a decimal whose double is not the nearest one.
      guard let read = json as? NSNumber, !(json is String) else { return false }
      return read.doubleValue == number || Double(read.description) == number
    case .decimal(let digits):
      if let text = json as? String { return text == digits }
      return (json as? NSNumber)?.doubleValue == Double(digits)
    case .boolean(let truth):
      return (json as? Bool) == truth && !(json is String)
    case .json(let text):
      guard
        let expected = try? JSONSerialization.jsonObject(
          with: Data(text.utf8), options: .fragmentsAllowed)
      else { return (json as? String) == text }
      // The same value, keys sorted, written again the same.
      let written = { (value: Any) in
        try? JSONSerialization.data(withJSONObject: [value], options: .sortedKeys)
      }
      return written(expected) != nil && written(expected) == written(json)
    case .blob(let size, let prefix):
      guard let text = json as? String else { return false }
      let start = "\\x" + prefix.map(BrowsingCases.hexByte).joined()
      return prefix.count < size
        ? text.hasPrefix(start) && text.utf8.count == 2 + 2 * size : text == start
    default:
      return (json as? String) == value.cellText
    }
  }
}
