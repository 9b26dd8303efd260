/// Where a page loader is: loading a page, failed, or at the end of its data. A loader with
/// no state is idle, ready for the next page.
enum LoaderPhase: Equatable, Sendable {
  /// A page is being fetched, the controller's `number`th load (its task is the
  /// controller's); a page from an earlier load of the same loader, overtaken by a reset, is
  /// dropped.
  case loading(number: Int)
  /// The last fetch threw; the message is shown until the user retries.
  case failed(String)
  /// A page arrived while its section was out of the table: it is added, before anything
  /// more is asked of the loader, when the section comes back, so that a loader that pages by
  /// cursor, already past it, leaves no gap. `number` orders the pages kept.
  case parked([Row], number: Int)
  /// The loader said there is no more data.
  case finished
  /// The last page was empty: nothing more for now. The loader is asked again when the user
  /// comes back to its end (after scrolling away from it, or pushing against it with ↓, End
  /// or the wheel) or presses `r`, never frame after frame.
  case caughtUp
}

/// Names a page loader: a ``TailLoader`` or a ``HeadLoader`` by its id.
struct LoaderID: Hashable, Sendable, CustomStringConvertible {
  /// Which end of its section a loader fills.
  enum End: Hashable, Sendable {
    /// Rows before the first: a ``HeadLoader``.
    case head
    /// Rows after the last: a ``TailLoader``.
    case tail
  }

  /// The loader's own id.
  let id: String
  /// Which end it fills.
  let end: End

  /// A tail loader's name.
  static func tail(_ id: String) -> LoaderID { LoaderID(id: id, end: .tail) }

  /// A head loader's name.
  static func head(_ id: String) -> LoaderID { LoaderID(id: id, end: .head) }

  /// The id, marked for a head loader: the part of the added rows' ids that names their loader.
  var description: String { end == .tail ? id : "head.\(id)" }
}
