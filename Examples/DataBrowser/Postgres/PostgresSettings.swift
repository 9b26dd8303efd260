/// Where and as whom to connect to a PostgreSQL server, read as psql reads it: a
/// `postgres://` or `postgresql://` URL, whose missing parts come from the `PGHOST`, `PGPORT`,
/// `PGUSER`, `PGPASSWORD`, `PGDATABASE` and `PGSSLMODE` variables, then from libpq's defaults.
///
/// A host that starts with `/` is the directory of the server's Unix socket, in the URL's
/// authority (percent-encoded) or its `host` parameter:
///
/// ```swift
/// let settings = try PostgresSettings(
///   url: "postgresql://ada:secret@db.example.com:5433/shop?sslmode=require", environment: [:])
/// let shown = settings.description  // "postgresql://ada:***@db.example.com:5433/shop"
/// ```
public struct PostgresSettings: Hashable, Sendable, CustomStringConvertible {
  /// How a connection uses TLS, as libpq's `sslmode` says it.
  public enum TLSMode: String, Hashable, Sendable, CaseIterable {
    /// Never.
    case disable
    /// Only if the server insists; the same as `disable` here, as no server insists.
    case allow
    /// When the server offers it (libpq's default); never over a Unix socket.
    case prefer
    /// Always, without checking the server's certificate.
    case require
    /// Always, checking that a trusted authority signed the certificate.
    case verifyCA = "verify-ca"
    /// Always, checking the certificate and that it names the host.
    case verifyFull = "verify-full"
  }

  /// The host name or address, or the directory of the server's Unix socket.
  public var host: String
  /// The port, which also names the Unix socket (`.s.PGSQL.5432`).
  public var port: Int
  /// The user to connect as.
  public var user: String
  /// The password, if any; it never shows in ``description``.
  public var password: String?
  /// The database.
  public var database: String
  /// How TLS is used.
  public var tlsMode: TLSMode

  /// Whether ``host`` is a Unix socket's directory.
  public var isUnixSocket: Bool { host.hasPrefix("/") }

  /// The path of the Unix socket, when ``host`` is its directory.
  public var socketPath: String? {
    isUnixSocket ? "\(host.hasSuffix("/") ? String(host.dropLast()) : host)/.s.PGSQL.\(port)" : nil
  }

  /// The settings of `url`, which may be `nil` to take everything from `environment`, as psql
  /// with no arguments does.
  ///
  /// - Throws: ``PostgresSettingsError`` for a URL that is not one, a port that is no number
  ///   or an `sslmode` libpq does not know.
  public init(url: String?, environment: [String: String], systemUser: String = "postgres")
    throws(PostgresSettingsError)
  {
    var parts: [String: String] = [:]
    if let url { parts = try Self.parse(url) }
    func value(_ key: String, _ variable: String) -> String? {
      if let given = parts[key], !given.isEmpty { return given }
      if let set = environment[variable], !set.isEmpty { return set }
      return nil
    }
    host = value("host", "PGHOST") ?? "/var/run/postgresql"
    let portText = value("port", "PGPORT") ?? "5432"
    guard let port = Int(portText), (1...65535).contains(port) else {
      throw .init("invalid port \"\(portText)\": a number from 1 to 65535")
    }
    self.port = port
    user = value("user", "PGUSER") ?? systemUser
    password = value("password", "PGPASSWORD")
    database = value("dbname", "PGDATABASE") ?? user
    let mode = value("sslmode", "PGSSLMODE") ?? "prefer"
    guard let tlsMode = TLSMode(rawValue: mode) else {
      let known = TLSMode.allCases.map(\.rawValue).joined(separator: ", ")
      throw .init("invalid sslmode \"\(mode)\": one of \(known)")
    }
    self.tlsMode = tlsMode
  }

  /// Whether `text` names a PostgreSQL server rather than a file: it starts with
  /// `postgres://` or `postgresql://`, in any case.
  public static func isURL(_ text: String) -> Bool {
    let lowered = text.lowercased()
    return lowered.hasPrefix("postgres://") || lowered.hasPrefix("postgresql://")
  }

  /// The settings as a URL with the password left out (`***` in its place): what screens
  /// and errors show.
  public var description: String {
    let credentials = user + (password == nil ? "" : ":***")
    if isUnixSocket {
      return "postgresql://\(credentials)@/\(database)?host=\(host)&port=\(port)"
    }
    let shownHost = host.contains(":") ? "[\(host)]" : host
    return "postgresql://\(credentials)@\(shownHost):\(port)/\(database)"
  }

  /// Where the server is, for messages: `localhost:5432`, or the socket's path.
  public var location: String {
    socketPath ?? "\(host.contains(":") ? "[\(host)]" : host):\(port)"
  }

  // MARK: - Parsing

  /// The parts of a connection URL, by libpq's parameter names: `user`, `password`, `host`,
  /// `port`, `dbname` and the query's parameters.
  static func parse(_ url: String) throws(PostgresSettingsError) -> [String: String] {
    guard isURL(url), let schemeEnd = url.range(of: "://") else {
      throw .init("not a PostgreSQL URL: it starts with postgres:// or postgresql://")
    }
    var rest = Substring(url[schemeEnd.upperBound...])
    var parts: [String: String] = [:]
    if let question = rest.firstIndex(of: "?") {
      for pair in rest[rest.index(after: question)...].split(separator: "&") {
        let (key, value) = split(pair, at: "=")
        guard let value else { throw .init("the URL's parameter \"\(key)\" has no value") }
        parts[try decoded(key)] = try decoded(value)
      }
      rest = rest[..<question]
    }
    let slash = rest.firstIndex(of: "/") ?? rest.endIndex
    if slash < rest.endIndex {
      let name = try decoded(rest[rest.index(after: slash)...])
      if parts["dbname"] == nil, !name.isEmpty { parts["dbname"] = name }
    }
    var authority = rest[..<slash]
    if let at = authority.lastIndex(of: "@") {
      let (user, password) = split(authority[..<at], at: ":")
      if parts["user"] == nil, !user.isEmpty { parts["user"] = try decoded(user) }
      if parts["password"] == nil, let password { parts["password"] = try decoded(password) }
      authority = authority[authority.index(after: at)...]
    }
    let (host, port) = try hostAndPort(authority)
    if parts["host"] == nil, let host { parts["host"] = host }
    if parts["port"] == nil, let port { parts["port"] = port }
    return parts
  }

  /// The host and port of a URL's authority: `host`, `host:port`, `[::1]:port`, `:port`.
  static func hostAndPort(_ authority: Substring) throws(PostgresSettingsError) -> (
    String?, String?
  ) {
    if authority.hasPrefix("[") {
      guard let close = authority.firstIndex(of: "]") else {
        throw .init("the URL's host \"\(authority)\" has no closing ]")
      }
      let host = String(authority[authority.index(after: authority.startIndex)..<close])
      let after = authority[authority.index(after: close)...]
      guard after.isEmpty || after.hasPrefix(":") else {
        throw .init("the URL's host \"\(authority)\" is not one")
      }
      return (host, after.isEmpty ? nil : String(after.dropFirst()))
    }
    guard !authority.contains(",") else {
      throw .init("several hosts in one URL are not supported: give one")
    }
    let (host, port) = split(authority, at: ":")
    return (host.isEmpty ? nil : try decoded(host), port.map(String.init))
  }

  /// `text` split at its first `separator`: what comes before it, and after it if it is there.
  static func split(_ text: Substring, at separator: Character) -> (Substring, Substring?) {
    guard let index = text.firstIndex(of: separator) else { return (text, nil) }
    return (text[..<index], text[text.index(after: index)...])
  }

  /// `text` with its `%XX` escapes decoded as UTF-8.
  static func decoded(_ text: Substring) throws(PostgresSettingsError) -> String {
    var bytes: [UInt8] = []
    var index = text.utf8.startIndex
    let utf8 = text.utf8
    while index < utf8.endIndex {
      let byte = utf8[index]
      if byte == UInt8(ascii: "%") {
        let high = utf8.index(after: index)
        guard high < utf8.endIndex, utf8.index(after: high) < utf8.endIndex,
          let value = UInt8(
            String(decoding: [utf8[high], utf8[utf8.index(after: high)]], as: UTF8.self),
            radix: 16)
        else { throw .init("the URL has a % that is not followed by two hexadecimal digits") }
        bytes.append(value)
        index = utf8.index(high, offsetBy: 2)
      } else {
        bytes.append(byte)
        index = utf8.index(after: index)
      }
    }
    guard let decoded = String(validating: bytes, as: UTF8.self) else {
      throw .init("the URL's escapes are not UTF-8 text")
    }
    return decoded
  }
}

/// Why a connection URL or the `PG` variables cannot be used.
public struct PostgresSettingsError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What is wrong, one line, with no password in it.
  public let description: String

  /// An error saying `description`.
  init(_ description: String) {
    self.description = description
  }
}
