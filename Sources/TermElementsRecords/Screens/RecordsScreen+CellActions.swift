import TermElements

/// What the keys do with the value under the cursor: `=` and `!` filter by it, `y` copies it
/// and `Y` copies the record. Each reads the record whole first, as the detail screen does,
/// since a page keeps only the start of a long value.
extension RecordsScreen {
  /// `=`: adds to the filter, with AND, the condition that keeps the records whose column
  /// under the cursor holds the selected record's value there (`IS NULL` for NULL); with
  /// `negated` (`!`), a value that is another and not NULL, as SQL's `<>` does. The condition
  /// is the source's (``RecordFiltering/condition(column:equals:negated:)``); a value it cannot
  /// write, or one too long to have been read whole, changes nothing and the status line says
  /// why.
  public func filterByCursorValue(negated: Bool = false) {
    guard available(.filter) else { return }
    readCursorValue(saying: "reading the value to filter by") { screen, column, value in
      guard value.wholeByteCount == nil, !Self.isPartialBlob(value.value) else {
        screen.message = "Can't filter by this value: only its start could be read"
        return
      }
      let condition: String
      do {
        condition = try screen.source.capabilities.filtering().condition(
          column: column, equals: value.value, negated: negated)
      } catch {
        screen.message = "Can't filter by this value: \(error)"
        return
      }
      screen.work.later { [weak screen] in
        guard let screen else { return }
        screen.filter(CellCondition.and(screen.views.asked.filter, condition))
      }
    }
  }

  /// `y`: puts the value under the cursor on the terminal's clipboard (``ClipboardText``),
  /// cut at 100 KiB; the status line says what was copied and how much.
  public func copyCursorValue() {
    readCursorValue(saying: "reading the value to copy") { screen, column, value in
      let name = screen.source.columns[column].name
      guard let text = ClipboardText.cell(value.value) else {
        screen.message = "\(name) is NULL: nothing copied"
        return
      }
      let partial = value.wholeByteCount != nil || Self.isPartialBlob(value.value)
      screen.copy(text, what: name, partial: partial, wholeBytes: value.wholeByteCount)
    }
  }

  /// `Y`: puts the selected record on the terminal's clipboard as one line of tab-separated
  /// values (``ClipboardText/record(_:)``) of the columns shown (not those hidden with `-`),
  /// cut at 100 KiB.
  public func copySelectedRecord() {
    let shown = shownColumns
    let all = source.columns.count
    readSelectedRecord(saying: "reading the record to copy") { screen, record in
      let values = shown.filter { $0 < record.count }.map { record[$0] }
      let partial = values.contains { $0.wholeByteCount != nil || Self.isPartialBlob($0.value) }
      let text = ClipboardText.record(values.map(\.value))
      let columns = shown.count == all ? "\(all) columns" : "\(shown.count) of \(all) columns"
      screen.copy(text, what: "the record (\(columns))", partial: partial)
    }
  }

  /// Puts `text`, the value of `what`, on the clipboard, cut at ``ClipboardText/limit``, and
  /// says so; `partial` when the source gave only the start of a value.
  /// `wholeBytes`, where given, is the size of the whole value of which `text` is the start.
  func copy(_ text: String, what: String, partial: Bool, wholeBytes: Int? = nil) {
    guard let navigator else {
      message = "Nothing copied: the screen is not on a terminal"
      return
    }
    let (copied, isCut) = ClipboardText.cut(text)
    navigator.copyToClipboard(copied)
    let size = CellValue.byteCount(copied.utf8.count)
    var said = "Copied \(what): \(CellValue.grouped(copied.count)) characters, \(size)"
    if isCut {
      said +=
        " (cut at \(CellValue.byteCount(ClipboardText.limit)) of "
        + "\(CellValue.byteCount(wholeBytes ?? text.utf8.count)))"
    } else if partial {
      said += " (only the start of a long value)"
    }
    message = said
  }

  /// Whether `value` is a BLOB of which only the first bytes were read.
  static func isPartialBlob(_ value: CellValue) -> Bool {
    guard case .blob(let size, let prefix) = value else { return false }
    return prefix.count < size
  }

  /// Reads the selected record whole, as the detail screen does, and gives `body` the value of
  /// the column under the cursor; the status line says `description` meanwhile, and Esc stops.
  func readCursorValue(
    saying description: String,
    _ body: @escaping @MainActor (RecordsScreen, Int, DetailValue) -> Void
  ) {
    guard let column = columns.cursor, column < source.columns.count else { return }
    readSelectedRecord(saying: description) { screen, values in
      guard column < values.count else { return }
      body(screen, column, values[column])
    }
  }

  /// Reads the selected record whole and gives `body` its values; says so when the record is
  /// gone from the source.
  func readSelectedRecord(
    saying description: String,
    _ body: @escaping @MainActor (RecordsScreen, [DetailValue]) -> Void
  ) {
    guard let record = selectedRecord?.record else { return }
    let source = source
    perform(description) { [weak self] in
      let values = try await source.capabilities.detailRecord(key: record.key)
      guard let self else { return }
      guard let values else {
        self.message = "The record is no longer in \(source.name)"
        return
      }
      body(self, values)
    }
  }

  /// Binds `=`, `!`, `y` and `Y`, listed by the help screen. Each acts on the selected record:
  /// typed while work is under way, it waits for it and for the moves typed before it, and so
  /// reads the record they leave selected.
  func bindCellKeys() {
    keyMap.bind(
      .character("="),
      to: KeyCommand(
        "Filter: add column = the value under the cursor", on: RecordsScreen.self
      ) { $0.filterByCursorValue() }.actingOnSelection)
    keyMap.bind(
      .character("!"),
      to: KeyCommand(
        "Filter: add column <> the value under the cursor (NULLs left out)",
        on: RecordsScreen.self
      ) { $0.filterByCursorValue(negated: true) }.actingOnSelection)
    keyMap.bind(
      .character("y"),
      to: KeyCommand(
        "Copy the value under the cursor (OSC 52)", on: RecordsScreen.self
      ) { $0.copyCursorValue() }.actingOnSelection)
    keyMap.bind(
      .character("Y"),
      to: KeyCommand(
        "Copy the record as tab-separated values (OSC 52)", on: RecordsScreen.self
      ) { $0.copySelectedRecord() }.actingOnSelection)
  }
}
