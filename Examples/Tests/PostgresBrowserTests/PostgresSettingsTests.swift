import DataBrowserPostgres
import TermElementsRecords
import Testing

/// Connection URLs and `PG` variables read as psql reads them, with passwords never shown.
@Suite("PostgreSQL settings")
struct PostgresSettingsTests {
  @Test("A URL gives user, password, host, port, database and sslmode")
  func fullURL() throws {
    let settings = try PostgresSettings(
      url: "postgresql://ada:s%40cret@db.example.com:5433/shop?sslmode=require", environment: [:])
    #expect(settings.user == "ada")
    #expect(settings.password == "s@cret")
    #expect(settings.host == "db.example.com")
    #expect(settings.port == 5433)
    #expect(settings.database == "shop")
    #expect(settings.tlsMode == .require)
    #expect(settings.description == "postgresql://ada:***@db.example.com:5433/shop")
    #expect(!settings.description.contains("s@cret"))
  }

  @Test("A Unix socket's directory in the host parameter or percent-encoded in the authority")
  func unixSockets() throws {
    let parameter = try PostgresSettings(
      url: "postgres://postgres@/sample?host=/tmp/pg%20dir", environment: [:])
    #expect(parameter.socketPath == "/tmp/pg dir/.s.PGSQL.5432")
    #expect(parameter.database == "sample")
    let authority = try PostgresSettings(
      url: "postgresql://%2Fvar%2Frun%2Fpostgresql:6543/db", environment: [:],
      systemUser: "ada")
    #expect(authority.socketPath == "/var/run/postgresql/.s.PGSQL.6543")
    #expect(authority.user == "ada")
    #expect(authority.location == "/var/run/postgresql/.s.PGSQL.6543")
  }

  @Test("Missing parts come from PG variables, then libpq's defaults")
  func environment() throws {
    let environment = [
      "PGHOST": "10.1.2.3", "PGPORT": "6000", "PGUSER": "grace", "PGPASSWORD": "pw",
      "PGDATABASE": "ledger", "PGSSLMODE": "verify-full",
    ]
    let all = try PostgresSettings(url: nil, environment: environment)
    #expect(all.host == "10.1.2.3")
    #expect(all.port == 6000)
    #expect(all.user == "grace")
    #expect(all.password == "pw")
    #expect(all.database == "ledger")
    #expect(all.tlsMode == .verifyFull)
    let some = try PostgresSettings(url: "postgresql://ada@/shop", environment: environment)
    #expect(some.user == "ada")
    #expect(some.database == "shop")
    #expect(some.host == "10.1.2.3")
    let none = try PostgresSettings(url: nil, environment: [:], systemUser: "root")
    #expect(none.host == "/var/run/postgresql")
    #expect(none.port == 5432)
    #expect(none.user == "root")
    #expect(none.database == "root")
    #expect(none.tlsMode == .prefer)
    let ipv6 = try PostgresSettings(url: "postgresql://[::1]:7000/x", environment: [:])
    #expect(ipv6.host == "::1")
    #expect(ipv6.location == "[::1]:7000")
  }

  @Test("Bad URLs, ports and sslmodes say what is wrong, without the password")
  func errors() {
    let cases: [(String, String)] = [
      (
        "postgresql://ada:secret@host:notaport/db",
        "invalid port \"notaport\": a number from 1 to 65535"
      ),
      (
        "postgresql://ada:secret@host/db?sslmode=always",
        "invalid sslmode \"always\": one of disable, allow, prefer, require, verify-ca, verify-full"
      ),
      ("postgresql://ada:secret@a,b/db", "several hosts in one URL are not supported: give one"),
      (
        "postgresql://ada:sec%zzret@host/db",
        "the URL has a % that is not followed by two hexadecimal digits"
      ),
      ("postgresql://ada:secret@host/db?sslmode", "the URL's parameter \"sslmode\" has no value"),
      (
        "mysql://ada:secret@host/db",
        "not a PostgreSQL URL: it starts with postgres:// or postgresql://"
      ),
    ]
    for (url, message) in cases {
      #expect(throws: PostgresSettingsError.self) {
        try PostgresSettings(url: url, environment: [:])
      }
      do {
        _ = try PostgresSettings(url: url, environment: [:])
      } catch {
        #expect(error.description == message, "\(url)")
        #expect(!error.description.contains("secret"))
      }
    }
    #expect(PostgresSettings.isURL("POSTGRES://x"))
    #expect(!PostgresSettings.isURL("people.csv"))
  }

  @Test("A filter is read into the browser's grammar and written back; the rest is refused")
  func filterRule() throws {
    let columns = ["city", "balance", "note", "odd; name"]
    let sql = { (text: String) throws(RecordSourceError) in
      try PostgresFilter.sql(text, columns: columns)
    }
    #expect(
      try sql("city = 'Oslo' AND (balance > 10)") == #"("city" = E'Oslo') AND ("balance" > 10)"#)
    #expect(try sql("note = 'it''s; (fine'") == #""note" = E'it''s; (fine'"#)
    #expect(try sql(#"note = 'a\'"#) == #""note" = E'a\\'"#)
    #expect(try sql("\"odd; name\" = 1") == #""odd; name" = 1"#)
    let refusals = [
      ("1=1); DROP TABLE people; --", "a filter is one expression: no ';'"),
      ("1=1) OR (1=1", "a ')' closes more than was opened"),
      ("1=1; DROP TABLE people", "a filter is one expression: no ';'"),
      ("1=1 -- x", "a filter has no comments"),
      ("1=1 /* x */", "a filter has no comments"),
      ("note = $$x$$", "a filter has no parameters such as ?, :name or $1"),
      ("note = 'open", "a string is not closed"),
      ("\"open = 1", "a quoted name is not closed"),
      ("(1 = 1", "a '(' is not closed"),
      ("nextval('counter') > 0", "nextval is not a function a filter can call"),
      ("balance IN (SELECT 1)", "a filter has no subqueries"),
    ]
    for (text, message) in refusals {
      #expect(throws: RecordSourceError.badFilter(message), "\(text)") { try sql(text) }
    }
  }
}
