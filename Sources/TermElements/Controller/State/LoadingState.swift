/// Where a screen's page loaders are, as a value: each loader's phase, and what the table as
/// shown adds for them.
///
/// ```swift
/// var loading = LoadingState()
/// loading.phases[.tail("more")] = .caughtUp
/// loading.rearmCaughtUp(at: .tail)  // the loader is idle again, asked at the next frame
/// ```
struct LoadingState: Equatable, Sendable {
  /// The phase of each page loader; a loader not here is idle.
  var phases: [LoaderID: LoaderPhase] = [:]
  /// The section whose first rows the next table change keeps on their lines, as when a head
  /// loader's page or spinner arrives above them.
  var heldSection: Int?
  /// Page loads started so far, which numbers them.
  var started = 0
  /// The sections that have a page loader, found when the table was last presented.
  var loaderSections: [Int] = []
  /// The rows the controller added to the table as shown, such as spinners, in order.
  var addedRows: [IndexPath] = []

  /// Whether a page is loading.
  var isFetching: Bool {
    phases.values.contains {
      if case .loading = $0 { return true }
      return false
    }
  }

  /// Whether a page failed to load.
  var hasFailed: Bool {
    phases.values.contains {
      if case .failed = $0 { return true }
      return false
    }
  }

  /// Whether `loader` is loading a page.
  func isLoading(_ loader: LoaderID) -> Bool {
    if case .loading? = phases[loader] { return true }
    return false
  }

  /// Whether `loader` may still bring rows: it is loading, idle, or holds a page for later.
  func mayLoadMore(_ loader: LoaderID) -> Bool {
    switch phases[loader] {
    case nil, .loading?, .parked?: true
    case .failed?, .finished?, .caughtUp?: false
    }
  }

  /// Makes every loader at `end` whose last page was empty ready to be asked again, as when
  /// the user pushes against that end of the table.
  mutating func rearmCaughtUp(at end: LoaderID.End) {
    for (id, phase) in phases where id.end == end && phase == .caughtUp {
      phases[id] = nil
    }
  }

  /// Makes every failed loader, and every one whose last page was empty, idle again, and
  /// says whether there was any.
  mutating func retry() -> Bool {
    var retried = false
    for (id, phase) in phases {
      switch phase {
      case .failed, .caughtUp:
        phases[id] = nil
        retried = true
      case .loading, .parked, .finished:
        break
      }
    }
    return retried
  }

  /// Numbers a new load of `loader` and marks it loading; returns its number.
  mutating func begin(_ loader: LoaderID) -> Int {
    started += 1
    phases[loader] = .loading(number: started)
    return started
  }

  /// Keeps `rows`, the page of `loader` whose section is out of the table, for its return;
  /// beyond `limit` such pages the oldest is dropped (its loader idle, to be asked again).
  mutating func park(_ rows: [Row], of loader: LoaderID, number: Int, limit: Int) {
    phases[loader] = .parked(rows, number: number)
    let parked = phases.compactMap { id, phase -> (LoaderID, Int)? in
      guard case .parked(_, let number) = phase else { return nil }
      return (id, number)
    }
    guard parked.count > limit, let oldest = parked.min(by: { $0.1 < $1.1 }) else { return }
    phases[oldest.0] = nil
  }
}
