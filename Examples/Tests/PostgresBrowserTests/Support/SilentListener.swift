import Glibc

/// A TCP socket on 127.0.0.1 that listens and never answers: the kernel completes the
/// connections it is asked for, and no one ever accepts or reads them, as a server that hangs
/// would.
final class SilentListener {
  /// The socket.
  private let socket: Int32
  /// The port it listens on, chosen by the system.
  let port: Int

  /// Listens on a free port of 127.0.0.1.
  init() throws {
    let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard socket >= 0 else { throw Failure(step: "socket") }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
        bind(socket, address, length) == 0 && listen(socket, 8) == 0
          && getsockname(socket, address, &length) == 0
      }
    }
    guard bound else {
      close(socket)
      throw Failure(step: "bind")
    }
    self.socket = socket
    port = Int(UInt16(bigEndian: address.sin_port))
  }

  deinit {
    close(socket)
  }

  /// A step of opening the socket that failed.
  struct Failure: Error {
    /// The call that failed.
    let step: String
  }
}
