import Foundation
import TermElementsTestSupport
import Testing

@testable import TermElements
@testable import TermElementsRecords

/// The seeded randomized test of the records browser over records in memory: random tables
/// (0 to 2,000 records, hostile text, repeats, NULLs, BLOBs, decimals), random keys (moves,
/// `:N`, `/text`, n, N, s, `f` with filters valid and not, Esc, Enter and back, `?`, `e` to
/// files in a temporary folder, `F`, `I` and moves on its summary), resizes
/// from 0x0, frames between batches, and waits for the work under way at random points (and
/// none at others, so that keys act on work in flight), half the runs on a source whose pages
/// take a while to come. After each wait it checks that each
/// record of the view is held once and in order, the position is honest and counts the view,
/// and the selection is on screen; after each frame, that every line fits.
///
/// `swift test` runs about 20,000 events; `make fuzz` more (FUZZ_EVENTS). A failure prints its
/// seed: FUZZ_SEED replays it, FUZZ_BASE starts from another.
@MainActor
@Suite("RecordsFuzz: the records browser, any table, any keys")
struct RecordsFuzzTests {
  /// Events in one run.
  static let runLength = 300

  @Test("Each record once and in order, honest positions, the selection on screen")
  func invariantsHold() async throws {
    let settings = FuzzSettings(defaultEvents: 20_000, defaultBase: 20_261_201)
    let report = try await FuzzDriver(name: "records fuzz", settings: settings).run(
      { seed in try await Self.run(seed: seed) }, report: \.failure)
    if let report { Issue.record(Comment(rawValue: report)) }
    try? FileManager.default.removeItem(atPath: Self.exportFolder)
  }

  /// The folder `e` writes in: files of runs before stay, so that names are found taken.
  static let exportFolder = NSTemporaryDirectory() + "records-fuzz-export-\(getpid())"

  /// A name to export to with `e`: in ``exportFolder`` with each extension, or another
  /// extension, none, a missing folder.
  static func exportName(_ random: inout SeededRandom) -> String {
    try? FileManager.default.createDirectory(
      atPath: exportFolder, withIntermediateDirectories: true)
    let name = random.pick([
      "a.csv", "b.tsv", "c.jsonl", "d.ndjson", "e.txt", "", "missing/f.csv", "a.csv",
    ])
    return name.isEmpty ? "" : exportFolder + "/" + name
  }

  /// Runs `seed`'s table and events; returns the events that ran and the first failure.
  static func run(seed: UInt64) async throws -> FuzzTrial<RecordsFuzzEvent> {
    var random = SeededRandom(seed: seed)
    let data = RecordsFuzzData(&random)
    let pageSize = random.pick([1, 2, 7, 50, 200, random.int(1...300)])
    let size = randomSize(&random)
    // Half the runs on a slow source, whose pages are still on their way while keys come.
    let slowness = random.chance(0.5) ? random.int(1...40) : 0
    let run = try await RecordsFuzzRun(
      data: data, pageSize: pageSize, size: size, slowness: slowness)
    var problems = run.drawFrame()
    var step = 0
    while problems.isEmpty && step < runLength && !run.browser.stack.isFinished {
      for event in nextEvents(&random, run: run) {
        problems += await run.apply(event)
        step += 1
        if !problems.isEmpty { break }
      }
      // Input comes in batches; a frame follows each, and now and then everything settles.
      if problems.isEmpty && random.chance(0.4) { problems += await run.apply(.frame) }
      if problems.isEmpty && random.chance(0.2) { problems += await run.apply(.settle) }
    }
    if problems.isEmpty { problems += await run.apply(.settle) }
    defer { _ = run }
    guard !problems.isEmpty else {
      await run.end()
      return FuzzTrial(events: run.events, failure: nil)
    }
    let report = """
      Records fuzz failure with seed \(seed) (replay with FUZZ_SEED=\(seed)): \
      \(problems.prefix(5).joined(separator: "; "))
      Table: \(data.records.count) records, columns \(data.columns), keys \(data.keyColumns), \
      page size \(pageSize), pages \(slowness) turns slow; \(run.events.count) events, the last ones:
      \(run.events.suffix(40).map { "  \($0)" }.joined(separator: "\n"))
      \(run.describe())
      """
    await run.end()
    return FuzzTrial(events: run.events, failure: report)
  }

  /// A size: mostly a terminal's, now and then tiny or empty.
  static func randomSize(_ random: inout SeededRandom) -> Size {
    switch random.int(0...9) {
    case 0: return Size(width: 0, height: 0)
    case 1: return Size(width: 1, height: 1)
    case 2: return Size(width: random.int(0...8), height: random.int(0...5))
    case 3: return Size(width: random.int(100...250), height: random.int(20...70))
    default: return Size(width: random.int(20...100), height: random.int(3...30))
    }
  }

  /// Keys the fuzzer moves with.
  static let moves: [Key] = [
    .up, .down, .pageUp, .pageDown, .home, .end, .character("g"), .character("G"), .left,
    .right, .character("h"), .character("l"), .down, .down, .up,
  ]

  /// The next batch of events: a key, or a line typed after `:`, `/` or `f` with Enter.
  static func nextEvents(_ random: inout SeededRandom, run: RecordsFuzzRun)
    -> [RecordsFuzzEvent]
  {
    let records = run.recordsScreen
    _ = records.map { run.browser.stack.top === $0 } ?? false
    switch random.int(0...99) {
    case 0..<40:
      return [.key(random.pick(moves))]
    case 40..<46:
      let count = run.records.count
      let number = random.pick([
        "\(random.int(0...(count + 3)))", "\(count)", "1", "1,0", "abc", "", "99999999999999999999",
      ])
      return typed(":", number)
    case 46..<52:
      return typed("/", searchText(&random, run: run))
    case 52..<57:
      return [.key(random.pick([.character("n"), .character("N")]))]
    case 57..<62:
      return [.key(.character("s"))]
    case 62..<70:
      return typed("f", filterText(&random, run: run))
    case 70..<75:
      // Esc never quits, even on the records alone with nothing to stop.
      return [.key(.escape)]
    case 75..<79:
      return [.key(.enter)]
    case 79..<81:
      return [.key(random.pick([.character("?"), .left, .character("I")]))]
    case 81..<85:
      return [.resize(randomSize(&random))]
    case 85..<90:
      return [.yield]
    case 90..<95:
      return [.settle]
    case 95..<97:
      // Filter by the cell (=, !), hide or show columns (-, +), copy (y, Y), count the
      // values (F: the moves, Enter and Esc that follow act on its screen).
      return [.key(.character(random.pick(["=", "!", "-", "+", "-", "y", "Y", "F"])))]
    case 97:
      return random.chance(0.5)
        ? typed("c", columnText(&random, run: run)) : typed("e", exportName(&random))
    default:
      return [.frame]
    }
  }

  /// A column's name to go to with `c`: a column's name, its start, or any text.
  static func columnText(_ random: inout SeededRandom, run: RecordsFuzzRun) -> String {
    let names = run.source.columns.map(\.name)
    guard let name = names.isEmpty ? nil : random.pick(names), random.chance(0.8) else {
      return random.pick(RecordsFuzzData.texts)
    }
    return random.chance(0.5) ? name : String(name.prefix(random.int(0...name.count)))
  }

  /// `prompt`, then `text` typed a character at a time, then Enter (now and then Esc, or a
  /// backspace on the way).
  static func typed(_ prompt: Character, _ text: String) -> [RecordsFuzzEvent] {
    [.key(.character(prompt))] + text.map { .key(.character($0)) } + [.key(.enter)]
  }

  /// Text to search for: part of a value of a record, or any text.
  static func searchText(_ random: inout SeededRandom, run: RecordsFuzzRun) -> String {
    guard let record = run.records.isEmpty ? nil : random.pick(run.records), random.chance(0.8),
      let value = record.values.isEmpty ? nil : random.pick(record.values)
    else { return random.pick(RecordsFuzzData.texts) }
    let text = value.cellText
    return String(text.prefix(random.int(0...max(0, min(4, text.count)))))
  }

  /// A filter: made from the records' values, valid or cut short, or any text.
  static func filterText(_ random: inout SeededRandom, run: RecordsFuzzRun) -> String {
    let columns = run.data.columns
    guard !columns.isEmpty, random.chance(0.85) else {
      return random.pick([
        "", "balance >", "(x = 1", "x = 1)", "name = 'Ad", "nope = 1", "= =", "x ~",
        random.pick(RecordsFuzzData.texts),
      ])
    }
    var text = condition(&random, run: run)
    for _ in 0..<random.int(0...2) {
      text += random.pick([" and ", " or ", " AND not "]) + condition(&random, run: run)
    }
    if random.chance(0.2) { text = "(" + text + ")" }
    if random.chance(0.1) { text = String(text.prefix(random.int(0...text.count))) }
    return text
  }

  /// One comparison of a random column with a value of a record.
  static func condition(_ random: inout SeededRandom, run: RecordsFuzzRun) -> String {
    let columns = run.data.columns
    let column = random.int(0...(columns.count - 1))
    let name = columns[column]
    let bare =
      !name.isEmpty && name.allSatisfy { $0.isLetter || $0 == "_" }
      && !["and", "or", "not"].contains(name.lowercased())
    let named = bare ? name : "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    let value =
      run.records.isEmpty ? CellValue.null : random.pick(run.records).values[column]
    let operation = random.pick(["=", "!=", "<", "<=", ">", ">=", "~", "="])
    switch value {
    case .null:
      return named + random.pick([" is null", " is not null", " = null"])
    case .integer, .decimal:
      return "\(named) \(operation) \(value.cellText)"
    case .boolean(let truth):
      return "\(named) \(random.pick(["=", "!="])) \(truth)"
    default:
      let text = value.cellText
      let cut = operation == "~" ? String(text.prefix(3)) : text
      return "\(named) \(operation) '\(cut.replacingOccurrences(of: "'", with: "''"))'"
    }
  }
}
