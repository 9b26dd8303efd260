import TermElements

/// `I`: the summary of the columns shown, through the filter, on a screen of its own.
extension RecordsScreen {
  /// `I`: opens the ``SummaryScreen`` of the columns shown (not those hidden with `-`) through
  /// the filter shown; a source that cannot sum up its columns says why on the status line.
  public func showSummary() {
    guard available(.summary) else { return }
    let summary = SummaryScreen(
      source: source, view: RecordView(filter: view.filter), columns: shownColumns)
    summary.records = self
    navigator?.push(summary)
  }

  /// Binds `I`, listed by the help screen.
  func bindSummaryKey() {
    keyMap.bind(
      .character("I"),
      to: KeyCommand(
        "Summary of the columns shown: types, NULLs, distinct, min, max, mean",
        on: RecordsScreen.self
      ) { $0.showSummary() })
  }
}
