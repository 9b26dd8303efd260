import DataBrowserPostgres
import TermElementsRecords
import Testing

/// Connection strings read as libpq reads them, with passwords never shown.
@Suite("PostgreSQL settings")
struct PostgresSettingsTests {
  @Test("A URL gives its options to libpq as they are; the password is never shown")
  func url() throws {
    let settings = try PostgresSettings(
      "postgresql://ada:s%40cret@db.example.com:5433/shop?sslmode=require&connect_timeout=5")
    #expect(
      settings.options == [
        "user": "ada", "host": "db.example.com", "port": "5433", "dbname": "shop",
        "sslmode": "require", "connect_timeout": "5",
      ])
    #expect(
      settings.description
        == "user=ada connect_timeout=5 dbname=shop host=db.example.com port=5433 sslmode=require")
    #expect(!settings.description.contains("cret"))
    #expect(settings.connectionString.hasPrefix("postgresql://ada:s%40cret@"))
  }

  @Test("A key=value string, quoted values and several hosts are read by libpq")
  func keywordString() throws {
    let settings = try PostgresSettings(
      "host=/tmp/a,db.example.com port=5432,6543 dbname='my shop' password='it\\'s' "
        + "target_session_attrs=read-write sslpassword=key-secret")
    #expect(settings.options["host"] == "/tmp/a,db.example.com")
    #expect(settings.options["port"] == "5432,6543")
    #expect(settings.options["dbname"] == "my shop")
    #expect(settings.options["password"] == nil)
    #expect(settings.options["sslpassword"] == nil)
    #expect(
      settings.description
        == "dbname='my shop' host=/tmp/a,db.example.com port=5432,6543 "
        + "target_session_attrs=read-write")
    #expect(try PostgresSettings("").options.isEmpty)
    #expect(try PostgresSettings("service=ledger").description == "service=ledger")
  }

  @Test("Strings libpq cannot read say why, without the password")
  func errors() {
    let cases: [(String, String)] = [
      ("postgresql://ada:sec%zzret@host/db", #"invalid percent-encoded token: "***""#),
      (
        "postgresql://ada:secret@host/db?sslmode",
        #"missing key/value separator "=" in URI query parameter: "sslmode""#
      ),
      ("postgresql://ada:secret@host/db?bogus=1", #"invalid URI query parameter: "bogus""#),
      ("host=db password=secret bogus=1", #"invalid connection option "bogus""#),
      ("host='db password=secret", "unterminated quoted string in connection info string"),
      (
        "mysql://ada:secret@host/db",
        #"missing "=" after "mysql://ada:***@host/db" in connection info string"#
      ),
    ]
    for (text, message) in cases {
      #expect(throws: PostgresSettingsError.self) { try PostgresSettings(text) }
      do {
        _ = try PostgresSettings(text)
      } catch {
        #expect(error.description == message, "\(text)")
        #expect(!error.description.contains("secret") && !error.description.contains("sec%"))
      }
    }
  }

  @Test("URLs and key=value strings are told from file names")
  func connectionStrings() {
    #expect(PostgresSettings.isURL("POSTGRES://x"))
    #expect(!PostgresSettings.isURL("people.csv"))
    #expect(PostgresSettings.isKeywordString("host=db dbname=shop"))
    #expect(PostgresSettings.isKeywordString("service=ledger"))
    #expect(!PostgresSettings.isKeywordString("people.csv"))
    #expect(!PostgresSettings.isKeywordString("data/x=1.csv"))
    #expect(!PostgresSettings.isKeywordString("postgresql://x/db?sslmode=require"))
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
