import CLibpq

/// libpq's request to cancel what one connection runs (`PGcancel`): sent from any thread, over
/// a connection of its own, while the connection's thread waits for its statement.
final class PostgresCancelRequest: @unchecked Sendable {
  // @unchecked: libpq reads a PGcancel only, so any thread may send it at any time; it is
  // freed when the last sender is done with it.

  /// The request, made once when the connection opened.
  private let handle: OpaquePointer

  /// The request of `handle`, which the object frees.
  init(_ handle: OpaquePointer) {
    self.handle = handle
  }

  deinit {
    PQfreeCancel(handle)
  }

  /// Asks the server to cancel the statement the connection runs, blocking while it connects;
  /// whether the server took the request (a statement that already ended is not stopped).
  @discardableResult
  func send() -> Bool {
    var reason = [CChar](repeating: 0, count: 256)
    return PQcancel(handle, &reason, Int32(reason.count)) == 1
  }
}
