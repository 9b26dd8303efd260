import Synchronization

/// Whether what a screen's table was built from has changed since it was last built: set by
/// Observation's change handler, on whatever thread made the change, and taken on the main
/// actor before the next event or frame, so that no key acts on a table built before it.
final class RebuildRequest: Sendable {
  /// Whether a rebuild is due.
  private let isDue = Atomic(false)

  /// Marks a rebuild due.
  func request() {
    isDue.store(true, ordering: .releasing)
  }

  /// Whether a rebuild was due; it no longer is.
  func take() -> Bool {
    isDue.exchange(false, ordering: .acquiringAndReleasing)
  }
}
