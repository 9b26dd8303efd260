import CLibpq

/// What went wrong on a connection, as libpq tells it: one line each, never a password.
enum PostgresFailure: Error, Equatable {
  /// The connection could not be opened: `cannot connect to /tmp/.s.PGSQL.5432: no server
  /// socket there`, one part for each host tried.
  case connecting(String)
  /// The server stopped a statement: its SQLSTATE, its message and the detail if any.
  case server(state: String, message: String, detail: String?)
  /// The connection failed, with no word from the server: libpq's reason.
  case lost(String)

  /// The failure of a result whose status is an error, read before it is cleared.
  static func of(result: OpaquePointer, connection: OpaquePointer) -> PostgresFailure {
    func field(_ code: Character) -> String? {
      PQresultErrorField(result, Int32(code.asciiValue ?? 0)).map { String(cString: $0) }
    }
    if let state = field("C"), let message = field("M") {
      return .server(state: state, message: message, detail: field("D"))
    }
    let text = PQresultErrorMessage(result).map { String(cString: $0) } ?? ""
    return .lost(PostgresSettings.oneLine(text.isEmpty ? message(of: connection) : text))
  }

  /// The connection's last error, libpq's text.
  static func message(of connection: OpaquePointer) -> String {
    PQerrorMessage(connection).map { String(cString: $0) } ?? ""
  }

  /// Whether the server ended the connection (SQLSTATE class 57P: shut down, restarted,
  /// terminated; 08: the connection failed).
  var isConnectionEnded: Bool {
    guard case .server(let state, _, _) = self else { return false }
    return state.hasPrefix("57P") || state.hasPrefix("08")
  }

  // MARK: - Connecting

  /// libpq's message of a connection that failed, in one line: each host's `connection to
  /// server … failed: reason` as `cannot connect to place: reason`, joined by `; `; any other
  /// line as it is; hints left out.
  static func connecting(message: String) -> String {
    var parts: [String] = []
    for line in message.split(separator: "\n") where !line.hasPrefix("\t") {
      let part = connectingLine(Substring(String(line).trimmed))
      if !part.isEmpty && !parts.contains(part) { parts.append(part) }
    }
    return parts.isEmpty ? "cannot connect" : parts.joined(separator: "; ")
  }

  /// One line of libpq's message: `connection to server on socket "/tmp/.s.PGSQL.5432"
  /// failed: No such file or directory` as `cannot connect to /tmp/.s.PGSQL.5432: no server
  /// socket there`, `at "127.0.0.1", port 1` as `127.0.0.1:1`.
  static func connectingLine(_ line: Substring) -> String {
    let prefix = "connection to server "
    guard line.hasPrefix(prefix), let failed = line.range(of: " failed: ") else {
      return String(line)
    }
    let head = line[line.index(line.startIndex, offsetBy: prefix.count)..<failed.lowerBound]
    return "cannot connect to \(place(head)): \(reason(line[failed.upperBound...]))"
  }

  /// Where libpq tried: a socket's path, or `host:port` (`[::1]:port`).
  static func place(_ head: Substring) -> String {
    let quoted = head.split(separator: "\"", omittingEmptySubsequences: false)
    if head.hasPrefix("on socket \""), quoted.count >= 2 { return String(quoted[1]) }
    guard head.hasPrefix("at \""), quoted.count >= 3, let port = head.range(of: ", port ")
    else { return String(head) }
    let host = String(quoted[1])
    return (host.contains(":") ? "[\(host)]" : host) + ":" + head[port.upperBound...]
  }

  /// Why: the server's message without its severity, or the system's reason in lower case,
  /// a missing socket and a refusal said plainly.
  static func reason(_ text: Substring) -> String {
    var reason = String(text)
    for severity in ["FATAL:  ", "ERROR:  "] where reason.hasPrefix(severity) {
      reason.removeFirst(severity.count)
    }
    switch reason {
    case "No such file or directory": return "no server socket there"
    case "Connection refused": return "connection refused"
    default:
      // "Permission denied", "Network is unreachable": the system's words, not a name.
      let first = reason.prefix(2)
      guard first.count == 2, first.first!.isUppercase, first.last!.isLowercase else {
        return reason
      }
      return reason.prefix(1).lowercased() + reason.dropFirst()
    }
  }
}

/// A connection that failed before the read's transaction began: nothing was read on it, and
/// the read may start again on another.
struct StaleConnection: Error {
  /// What the connection failed with.
  let failure: PostgresFailure
}
