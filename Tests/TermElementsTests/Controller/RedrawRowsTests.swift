import Synchronization
import Testing

@testable import TermElements

/// Rows whose elements read something shared as they are drawn: ``redrawRows()`` paints the
/// rows on screen anew, leaving the table, and the heights measured, as they are.
@MainActor
@Suite("Rows redrawn")
struct RedrawRowsTests {
  /// Text every row of a table shows after its number, read as the row is drawn.
  final class Suffix: Sendable, Equatable {
    /// The text.
    private let text = Mutex("first")

    /// The text, read or changed.
    var value: String {
      get { text.withLock { $0 } }
      set { text.withLock { $0 = newValue } }
    }

    /// The same suffix.
    static func == (lhs: Suffix, rhs: Suffix) -> Bool { lhs === rhs }
  }

  /// A line of a number and the shared suffix.
  enum SuffixedLine: ElementView {
    /// The number and the suffix read when drawn.
    struct Props: Equatable, Sendable {
      /// The number.
      var number: Int
      /// The suffix.
      var suffix: Suffix
    }

    /// One line.
    static func height(of props: Props, styles: Style, width: Int) -> Int { 1 }

    /// The number, then the suffix as it is now.
    static func draw(_ props: Props, styles: Style, in canvas: inout Canvas) {
      canvas.fill(style: styles)
      canvas.write("\(props.number) \(props.suffix.value)", at: .zero, style: styles)
    }
  }

  @Test("redrawRows shows what the rows read now, with no row built or measured again")
  func redrawShowsSharedState() {
    let suffix = Suffix()
    let table = Table(
      rows: (0..<1_000).map { index in
        Row(
          ElementOf<SuffixedLine>(props: .init(number: index, suffix: suffix)), id: RowID(index),
          separatorStyle: .none)
      })
    let controller = TableModelController(table: table)
    var harness = Harness(controller, width: 20, height: 6)
    harness.press(.down, .down)
    #expect(
      harness.tableLines == ["0 first", "1 first", "2 first", "3 first", "4 first"].map(Self.pad))
    let measured = controller.measurements
    let version = controller.state.layout.version

    // A frame copies the rows it painted before: it does not know the suffix changed.
    suffix.value = "second"
    harness.send()
    #expect(
      harness.tableLines == ["0 first", "1 first", "2 first", "3 first", "4 first"].map(Self.pad))

    controller.redrawRows()
    harness.send()
    #expect(
      harness.tableLines
        == ["0 second", "1 second", "2 second", "3 second", "4 second"].map(Self.pad))
    #expect(controller.measurements == measured)
    #expect(controller.state.layout.version == version)
    #expect(controller.selection == IndexPath(row: 2, section: 0))
    // The frames after paint the same, copied again.
    harness.press(.down)
    #expect(
      harness.tableLines
        == ["0 second", "1 second", "2 second", "3 second", "4 second"].map(Self.pad))
  }

  /// `line` after the rows' margin, padded to the harness's width.
  static func pad(_ line: String) -> String {
    " " + line + String(repeating: " ", count: 19 - line.count)
  }
}
