import Synchronization

/// What the record lines of a screen read as they are drawn: where the columns are scrolled
/// and the text to highlight.
///
/// A records screen keeps one and gives it to the header and to every record line it makes,
/// so that moving the column cursor or searching changes the context alone and the lines on
/// screen are drawn again, however many the table holds. Two contexts are equal when they are
/// the same one: lines that read the same context draw alike at any time.
final class RecordLineContext: Sendable, Equatable {
  /// The columns and the highlight.
  private struct State {
    /// The key columns, where the columns are scrolled, and the column under the cursor.
    var columns: ColumnState
    /// Text to highlight in the cells searched, or `nil`.
    var highlight: String?
  }

  /// The state, read by lines drawn anywhere.
  private let state: Mutex<State>

  /// Makes a context of columns at `columns`, highlighting `highlight`.
  init(columns: ColumnState = ColumnState(), highlight: String? = nil) {
    state = Mutex(State(columns: columns, highlight: highlight))
  }

  /// The key columns, where the columns are scrolled, and the column under the cursor.
  var columns: ColumnState {
    get { state.withLock { $0.columns } }
    set { state.withLock { $0.columns = newValue } }
  }

  /// Text to highlight in the cells searched: see ``RecordLine/Props/highlight``.
  var highlight: String? {
    get { state.withLock { $0.highlight } }
    set { state.withLock { $0.highlight = newValue } }
  }

  /// The columns and the highlight together, as a line reads them to draw itself.
  var current: (columns: ColumnState, highlight: String?) {
    state.withLock { ($0.columns, $0.highlight) }
  }

  /// Whether the two are the same context.
  static func == (lhs: RecordLineContext, rhs: RecordLineContext) -> Bool { lhs === rhs }
}
