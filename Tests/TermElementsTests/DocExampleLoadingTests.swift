import Testing

@testable import TermElements

/// A chat message, for the `HeadLoader` and `TailLoader` examples.
private struct ChatMessage: Sendable {
  let id: Int
  let text: String

  /// The message's row, identified by its id.
  var row: Row { Row(ElementOfLabel(props: text), id: RowID(id), separatorStyle: .none) }
}

/// Messages 1…`count`, a page of three either side of an id; a real source could throw.
private actor ChatHistory {
  let count: Int

  init(count: Int) { self.count = count }

  /// The messages with ids in `range`, clamped to those that exist.
  private func messages(_ range: ClosedRange<Int>) -> [ChatMessage]? {
    let ids = max(1, range.lowerBound)...min(count, range.upperBound)
    guard !ids.isEmpty, ids.lowerBound <= ids.upperBound else { return nil }
    return ids.map { ChatMessage(id: $0, text: "m\($0)") }
  }

  /// The page before message `id`, or the newest page for `nil`.
  func page(before id: Int?) throws -> [ChatMessage]? {
    let last = (id ?? count + 1) - 1
    return last < 1 ? nil : messages((last - 2)...last)
  }

  /// The page after message `id`, or the oldest page for `nil`.
  func page(after id: Int?) throws -> [ChatMessage]? {
    let first = (id ?? 0) + 1
    return first > count ? nil : messages(first...(first + 2))
  }
}

/// The doc comment examples of loading in both directions, compiled and run.
@MainActor
@Suite("Doc comment examples: head loading and jumps")
struct DocExampleLoadingTests {
  @Test("HeadLoader: earlier messages load above the newest")
  func headLoader() async {
    let messages = ChatHistory(count: 7)
    let newest = ((try? await messages.page(before: nil)) ?? nil ?? []).map(\.row)
    // Doc: HeadLoader (HeadLoader.swift)
    var section = Section(rows: newest)
    section.headLoader = HeadLoader(id: "older") { first in
      try await messages.page(before: first?.id?.number)?.map(\.row)
    }
    // END
    let controller = TableModelController(table: Table(sections: [section]))
    var harness = Harness(controller, width: 8, height: 8)
    for _ in 0..<5 {
      await controller.waitForLoads()
      harness.send()
    }
    #expect(labelTexts(controller.table) == (1...7).map { "m\($0)" })
  }

  @Test("TailLoader and loadedRowLimit: a window that loads newer messages")
  func tailLoaderAfter() async {
    let messages = ChatHistory(count: 6)
    let around = ((try? await messages.page(after: 2)) ?? nil ?? []).map(\.row)
    // Doc: TailLoader (TailLoader.swift)
    var window = Section(rows: around)
    window.tailLoader = TailLoader(id: "newer") { last in
      try await messages.page(after: last?.id?.number)?.map(\.row)
    }
    window.loadedRowLimit = 2_000
    // END
    let controller = TableModelController(table: Table(sections: [window]))
    var harness = Harness(controller, width: 8, height: 8)
    for _ in 0..<3 {
      await controller.waitForLoads()
      harness.send()
    }
    #expect(labelTexts(controller.table) == ["m3", "m4", "m5", "m6"])
  }

  @Test("reset: jump to the last page and select its last row")
  func resetToTheEnd() async {
    let controller = TableModelController(table: Table(sections: [Section(rows: [])]))
    var harness = Harness(controller, width: 8, height: 4)
    let lastPage = (1...9).map { ChatMessage(id: $0, text: "m\($0)").row }
    // Doc: TableModelController.reset(section:rows:selecting:at:) (TableModelController+Loading.swift)
    // Jump to the end of a log: its last page, then earlier pages as the user scrolls up.
    controller.reset(section: 0, rows: lastPage, selecting: lastPage.count - 1, at: .bottom)
    // END
    expectFrame(harness.send(), [" m7", " m8", " m9", "    9/9"])
  }

  @Test("select(rowWithID:at:): the row with an id, wherever it is")
  func selectRowWithID() {
    let rows = (1...50).map { ChatMessage(id: $0, text: "m\($0)").row }
    let controller = TableModelController(table: Table(rows: rows))
    var harness = Harness(controller, width: 8, height: 4)
    // Doc: TableModelController.select(rowWithID:at:) (TableModelController.swift)
    let found = controller.select(rowWithID: RowID(42), at: .middle)
    // END
    #expect(found)
    expectFrame(harness.send(), [" m41", " m42", " m43", "  42/50"])
    #expect(!controller.select(rowWithID: RowID(99)))
    #expect(controller.selection == IndexPath(row: 41, section: 0))
  }

  @Test("RowID.number")
  func rowIDNumber() {
    // Doc: RowID.number (RowID.swift)
    #expect(RowID(42).number == 42)
    // END
    #expect(RowID("42").number == nil)
    #expect(RowID("42").text == "42")
  }
}
