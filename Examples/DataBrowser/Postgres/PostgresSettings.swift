import CLibpq

/// Where and as whom to connect to a PostgreSQL server, as psql takes it: a `postgres://` or
/// `postgresql://` URL, or libpq's `key=value` string, handed to libpq as it is, so that
/// whatever libpq reads applies: the `PG` variables for what the string leaves out,
/// `~/.pgpass` and `PGPASSFILE`, `service=` with `PGSERVICEFILE` or `~/.pg_service.conf`,
/// several hosts with `target_session_attrs`, `sslmode` and the certificate settings,
/// `connect_timeout`. An empty string takes everything from the environment, as psql with no
/// arguments does.
///
/// What is shown of the settings never holds a password:
///
/// ```swift
/// let settings = try PostgresSettings(
///   "postgresql://ada:secret@db.example.com:5433/shop?sslmode=require")
/// let shown = settings.description
/// // "user=ada dbname=shop host=db.example.com port=5433 sslmode=require"
/// ```
public struct PostgresSettings: Hashable, Sendable, CustomStringConvertible {
  /// The URL or `key=value` string, as given: libpq reads it when it connects.
  public let connectionString: String
  /// The options the string gives, by libpq's keyword (`host`, `dbname`, `sslmode`), with
  /// neither `password` nor `sslpassword`.
  public let options: [String: String]
  /// The options the string gives, as a `key=value` string, with no password: what screens
  /// and errors show.
  public let description: String
  /// The passwords the string holds, as typed and as read: what is taken out of any message
  /// that might quote them.
  let secrets: [String]

  /// The settings of `connectionString`, read as libpq reads it.
  ///
  /// - Throws: ``PostgresSettingsError`` with libpq's reason when it cannot read the string
  ///   (an unknown option, a `%` not followed by two hexadecimal digits), the password left
  ///   out.
  public init(_ connectionString: String = "") throws(PostgresSettingsError) {
    self.connectionString = connectionString
    var typed = Self.typedSecrets(in: connectionString)
    var error: UnsafeMutablePointer<CChar>?
    guard let parsed = PQconninfoParse(connectionString, &error) else {
      let reason = error.map { String(cString: $0) } ?? "out of memory"
      PQfreemem(error)
      throw PostgresSettingsError(Self.redacted(Self.oneLine(reason), typed))
    }
    defer { PQconninfoFree(parsed) }
    var options: [String: String] = [:]
    var shown: [String] = []
    var option = parsed
    while let keyword = option.pointee.keyword.map({ String(cString: $0) }) {
      if let value = option.pointee.val.map({ String(cString: $0) }) {
        if option.pointee.dispchar.map({ String(cString: $0) }) == "*" {
          typed.append(value)
        } else {
          options[keyword] = value
          shown.append(keyword + "=" + Self.quoted(value))
        }
      }
      option += 1
    }
    self.options = options
    self.description = shown.joined(separator: " ")
    self.secrets = typed.filter { !$0.isEmpty }
  }

  /// Whether `text` names a PostgreSQL server rather than a file: it starts with
  /// `postgres://` or `postgresql://`, in any case.
  public static func isURL(_ text: String) -> Bool {
    let lowered = text.lowercased()
    return lowered.hasPrefix("postgres://") || lowered.hasPrefix("postgresql://")
  }

  /// Whether `text` is libpq's `key=value` string: one or more options libpq knows
  /// (`host=db dbname=shop`, `service=ledger`).
  public static func isKeywordString(_ text: String) -> Bool {
    guard !isURL(text), text.contains("=") else { return false }
    var error: UnsafeMutablePointer<CChar>?
    guard let parsed = PQconninfoParse(text, &error) else {
      PQfreemem(error)
      return false
    }
    PQconninfoFree(parsed)
    return true
  }

  /// `message` with every password of the settings in it replaced by `***`.
  func redacted(_ message: String) -> String {
    Self.redacted(message, secrets)
  }

  // MARK: - Text

  /// `message` with each of `secrets` in it replaced by `***`.
  static func redacted(_ message: String, _ secrets: [String]) -> String {
    secrets.filter { !$0.isEmpty }.reduce(message) { $0.replacing($1, with: "***") }
  }

  /// The first line of `text` with what is not a message taken off: its end, and libpq's
  /// hints that start with a tab.
  static func oneLine(_ text: String) -> String {
    let lines = text.split(separator: "\n").filter { !$0.hasPrefix("\t") }
    return lines.first.map { String($0).trimmed } ?? ""
  }

  /// `value` as a `key=value` string writes it: quoted with `'` when it is empty or holds a
  /// space, a quote or a backslash, which are escaped.
  static func quoted(_ value: String) -> String {
    let plain = !value.isEmpty && !value.contains { $0 == " " || $0 == "'" || $0 == "\\" }
    if plain { return value }
    var quoted = "'"
    for character in value {
      if character == "'" || character == "\\" { quoted.append("\\") }
      quoted.append(character)
    }
    return quoted + "'"
  }

  /// The passwords of `text` as typed, for a string libpq may refuse to read and quote: a
  /// URL's password (of any scheme) between the `:` after the user and the `@`, and the value of each
  /// `password` or `sslpassword` option of a `key=value` string or a URL's query.
  static func typedSecrets(in text: String) -> [String] {
    var secrets: [String] = []
    if let schemeEnd = text.range(of: "://") {
      let rest = text[schemeEnd.upperBound...]
      let authority = rest.prefix { $0 != "/" && $0 != "?" }
      if let at = authority.lastIndex(of: "@"), let colon = authority[..<at].firstIndex(of: ":") {
        secrets.append(String(authority[authority.index(after: colon)..<at]))
      }
    }
    var rest = Substring(text)
    while let found = rest.range(of: "password") {
      rest = rest[found.upperBound...].drop { $0 == " " }
      guard rest.first == "=" else { continue }
      rest = rest.dropFirst().drop { $0 == " " }
      if rest.first == "'" {
        rest = rest.dropFirst()
        let end = rest.firstIndex(of: "'") ?? rest.endIndex
        secrets.append(String(rest[..<end]))
      } else {
        secrets.append(String(rest.prefix { $0 != " " && $0 != "&" }))
      }
    }
    return secrets.filter { !$0.isEmpty }
  }
}

/// Why a connection string cannot be used.
public struct PostgresSettingsError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What is wrong, one line, with no password in it.
  public let description: String

  /// An error saying `description`.
  init(_ description: String) {
    self.description = description
  }
}

extension String {
  /// The string without the white space at its ends.
  var trimmed: String {
    guard let start = firstIndex(where: { !$0.isWhitespace }),
      let end = lastIndex(where: { !$0.isWhitespace })
    else { return "" }
    return String(self[start...end])
  }
}
