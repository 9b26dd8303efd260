import DataBrowserCore
import Foundation
import GRDB
import TermElements
import TermElementsRecords
import Testing

/// The smaller bugs of issue 18, item 6, on whole screens: newlines in cells, the filter
/// prompt's hint, the error of an unfinished filter, a filter that matches nothing, the sort
/// arrow beside a narrow name, and ← and → in the detail view.
@MainActor
@Suite("Issue 18, item 6")
struct SmallFixesTests {
  /// A browser of table `notes` (id, body, tag), one note with a line break, on a screen
  /// `width` × `height`, its first page in.
  static func notes(_ fixture: Fixture, width: Int = 40, height: Int = 6) async throws
    -> (Browser, Screen)
  {
    let path = try fixture.database { db in
      try db.execute(
        sql: """
          CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT, tag TEXT);
          INSERT INTO notes VALUES (1, 'first line' || char(10) || 'second line', 'a');
          INSERT INTO notes VALUES (2, 'one' || char(13, 10) || 'two', 'b');
          """)
    }
    let database = try BrowserDatabase.open(path: path)
    let browser = try await Browser.open(
      SQLiteCatalog(database: database), table: "notes")
    var screen = Screen(width: width, height: height)
    await RecordFindingTests.frame(browser, &screen)
    return (browser, screen)
  }

  /// A newline in a cell shows as a dim ↵ in the grid, not as `^J`; the detail view shows the
  /// text's real lines.
  @Test("A newline in a cell shows as ↵; the detail view keeps the lines")
  func newlines() async throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    var (browser, screen) = try await Self.notes(fixture)
    #expect(
      QueryChangeTests.text(screen) == [
        " notes",
        " id │ body                    │ tag",
        "  1 │ first line↵second line  │ a",
        "  2 │ one↵two                 │ b",
        "",
        " notes · 2 loaded                   1/2",
      ], "\(screen.lines)")
    let mark = try #require(screen.lines[2].firstIndex(of: "↵"))
    let x = screen.lines[2].distance(from: screen.lines[2].startIndex, to: mark)
    #expect(screen.style(atX: x, y: 2).attributes.contains(.dim))
    #expect(!screen.style(atX: x - 1, y: 2).attributes.contains(.dim))
    // Without Unicode, the mark is `\n`.
    var ascii = Screen(width: 8, height: 1)
    ascii.draw(in: Rect(x: 0, y: 0, width: 8, height: 1), glyphs: .ascii) { canvas in
      ElementOf<RecordLine>(
        props: RecordLine.Props(cells: [RecordLine.Cell(.text("a\nb"))], widths: [6])
      ).draw(in: &canvas)
    }
    #expect(ascii.lines == ["a\\nb    "])
    await RecordFindingTests.press([.enter], browser, &screen)
    #expect(
      QueryChangeTests.text(screen) == [
        " notes › id 1",
        " id    1",
        " body  first line",
        "       second line",
        " tag   a",
        " notes · record — Esc goes…  column 1/3",
      ], "\(screen.lines)")
  }

  /// The filter prompt, filled with the filter in force, says that Ctrl-U clears it.
  @Test("The filter prompt says Ctrl-U clears the line")
  func filterPromptHint() async throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    var (browser, screen) = try await Self.notes(fixture, width: 60)
    await RecordFindingTests.press([.character("f")], browser, &screen)
    await RecordFindingTests.type("id > 1", browser, &screen)
    await RecordFindingTests.press([.character("f")], browser, &screen)
    #expect(
      QueryChangeTests.text(screen).last
        == " filter (SQL WHERE; Ctrl-U clears the line): id > 1█    1/1",
      "\(screen.lines)")
    await RecordFindingTests.press([.control("u")], browser, &screen)
    #expect(
      QueryChangeTests.text(screen).last
        == " filter (SQL WHERE; Ctrl-U clears the line): █          1/1")
  }

  /// An unfinished filter is reported in the words the user typed, not with the `)` the
  /// browser puts around it.
  @Test("An unfinished filter's error speaks of what was typed")
  func unfinishedFilter() async throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    var (browser, screen) = try await Self.notes(fixture, width: 60)
    await RecordFindingTests.press([.character("f")], browser, &screen)
    await RecordFindingTests.type("id >", browser, &screen)
    #expect(
      QueryChangeTests.text(screen).last
        == " ⚠ the filter is not finished: “id >”                   1/2",
      "\(screen.lines)")
    #expect(QueryChangeTests.text(screen)[0] == " notes")
  }

  /// A filter that matches nothing says so in the body.
  @Test("A filter that matches nothing says so")
  func noMatch() async throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    var (browser, screen) = try await Self.notes(fixture)
    await RecordFindingTests.press([.character("f")], browser, &screen)
    await RecordFindingTests.type("id > 5", browser, &screen)
    #expect(
      QueryChangeTests.text(screen) == [
        " notes where id > 5",
        " id │ body                    │ tag",
        " No records match id > 5",
        "",
        "",
        " notes · 0 loaded             0 records",
      ], "\(screen.lines)")
    // Esc clears the filter: the records are back.
    await RecordFindingTests.press([.escape], browser, &screen)
    #expect(QueryChangeTests.text(screen)[2] == "  1 │ first line↵second line  │ a")
  }

  /// The sort arrow is drawn beside a narrow column's name, the column widened for it.
  @Test("The sort arrow leaves a narrow name whole")
  func sortArrow() async throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    var (browser, screen) = try await Self.notes(fixture)
    await RecordFindingTests.press([.character("s"), .character("s")], browser, &screen)
    #expect(
      Array(QueryChangeTests.text(screen)[1...3]) == [
        " id ▼ │ body                    │ tag",
        "    2 │ one↵two                 │ b",
        "    1 │ first line↵second line  │ a",
      ], "\(screen.lines)")
    await RecordFindingTests.press([.right, .right, .character("s")], browser, &screen)
    #expect(QueryChangeTests.text(screen)[1] == " id   │ body                    │ tag ▲")
  }

  /// In the detail view, → and ← go to the next and previous column, as the status line
  /// counts them; ← on the first column goes back.
  @Test("→ and ← move between the columns of the detail view")
  func detailColumns() async throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    var (browser, screen) = try await Self.notes(fixture)
    await RecordFindingTests.press([.enter], browser, &screen)
    #expect(QueryChangeTests.text(screen).last == " notes · record — Esc goes…  column 1/3")
    await RecordFindingTests.press([.right], browser, &screen)
    #expect(QueryChangeTests.text(screen).last == " notes · record — Esc goes…  column 2/3")
    // Over the two lines of the body, to the tag.
    await RecordFindingTests.press([.right], browser, &screen)
    #expect(QueryChangeTests.text(screen).last == " notes · record — Esc goes…  column 3/3")
    #expect(browser.stack.top.selection == IndexPath(row: 3, section: 0))
    await RecordFindingTests.press([.right], browser, &screen)
    #expect(QueryChangeTests.text(screen).last == " notes · record — Esc goes…  column 3/3")
    await RecordFindingTests.press([.left, .left], browser, &screen)
    #expect(QueryChangeTests.text(screen).last == " notes · record — Esc goes…  column 1/3")
    #expect(browser.mode == .detail)
    await RecordFindingTests.press([.left], browser, &screen)
    #expect(browser.mode == .records)
  }
}
