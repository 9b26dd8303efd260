import ArgumentParser
import DataBrowserCore
import DataBrowserPostgres
import Foundation
import Glibc
import TermElements
import TermElementsCurses
import TermElementsRecords

/// The data browser: any SQLite table, CSV file or PostgreSQL table, page by page.
@main
struct DataBrowser: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "data-browser",
    abstract:
      "Browse, search, sort and filter the tables of a SQLite database, a CSV file or a PostgreSQL database, read-only.",
    discussion: """
      A file ending in .csv or .tsv opens as one sheet of comma- or tab-separated values; any \
      other file must be a SQLite database. A postgres:// or postgresql:// URL or a libpq \
      key=value string, as psql takes them (postgresql://user@host:port/db?sslmode=require, \
      "host=/socket/dir dbname=db", "service=name"), opens a PostgreSQL database, read-only on \
      the server, through libpq: what the string leaves out, or all of it with --postgres, \
      comes from the PG* variables, ~/.pgpass and the service file, as psql reads them. \
      Without a file it opens a sample database of \
      1,000,000 people, made on the first run in \
      $XDG_CACHE_HOME/termelements (or ~/.cache/termelements). Keys: ↑/↓ or k/j move, \
      PgUp/PgDn page, Home/End or g/G go to the first and last record, :N to record N, \
      ←/→ or h/l move between a table's columns, /text searches, n/N find the next and \
      previous match, s sorts by the column under the cursor, f filters with an expression in \
      SQL WHERE syntax that can only choose rows (columns, values, comparisons, AND/OR/NOT, \
      LIKE, IN, BETWEEN, IS NULL and functions that change nothing; column = value on a CSV \
      file), Enter opens a table or a record, c in the \
      list of tables counts one exactly where the list shows an estimate (~1,200,000), Esc stops \
      a search, clears the filter or goes back, ? lists the keys, q quits. The file is opened read-only and never modified.
      """)

  @Argument(
    help: ArgumentHelp(
      "A SQLite database, a .csv or .tsv file, or a postgresql:// URL or key=value string, to browse (default: the sample database).",
      valueName: "file"))
  var file: String?

  @Option(name: .long, help: "The SQLite database to browse (the same as giving it as <file>).")
  var db: String?

  @Flag(
    name: .long,
    help:
      "Browse a PostgreSQL database: the one the PG* environment variables name, as psql does, or the one <file> names as a URL or key=value string."
  )
  var postgres = false

  @Option(name: .long, help: "The table to open, instead of the list of tables.")
  var table: String?

  @Option(name: .long, help: "Rows fetched in each page.")
  var pageSize: Int = 200

  @Flag(name: .long, help: "Print the first screen as text instead of running interactively.")
  var snapshot = false

  @Option(
    name: .long, help: ArgumentHelp("Make a sample database at PATH and exit.", visibility: .hidden)
  )
  var makeSample: String?

  @Option(name: .long, help: ArgumentHelp("People in a sample database.", visibility: .hidden))
  var sampleRows: Int = SampleDatabase.defaultRowCount

  func validate() throws {
    if file != nil && db != nil {
      throw ValidationError("Give the file to browse once: as <file> or with --db, not both.")
    }
    if postgres && (db != nil || file.map { !Self.isPostgres($0) } ?? false) {
      throw ValidationError("--postgres browses a PostgreSQL database, not a file.")
    }
    guard pageSize > 0 else { throw ValidationError("--page-size must be 1 or more.") }
    guard sampleRows > 0 else { throw ValidationError("--sample-rows must be 1 or more.") }
  }

  @MainActor
  func run() async throws {
    if let makeSample {
      try makeSampleDatabase(at: makeSample, replacing: true)
      return
    }
    let path: String
    if let given = file ?? db {
      path = given
    } else if postgres {
      path = ""
    } else {
      path = SampleDatabase.defaultPath(rowCount: sampleRows)
      try makeSampleDatabase(at: path, replacing: false)
    }
    let browser: Browser
    do {
      let catalog: any RecordCatalog
      if postgres || Self.isPostgres(path) {
        catalog = try await postgresCatalog(connection: postgres ? file ?? "" : path)
      } else {
        catalog = try BrowsedFile.catalog(path: path)
      }
      // A CSV file is one sheet: it opens on its records rather than a list of one.
      if let sheet = catalog as? CSVCatalog, table == nil {
        browser = try await Browser.open(sheet.source, pageSize: pageSize)
      } else {
        browser = try await Browser.open(catalog, table: table, pageSize: pageSize)
      }
    } catch {
      fail(error)
    }
    if snapshot {
      var screen = Screen(width: 80, height: 24)
      browser.stack.render(into: &screen)
      await browser.waitUntilIdle()
      browser.stack.render(into: &screen)
      for line in screen.lines { print(line) }
      Self.end(status: 0)
    }
    do {
      try await CursesApplication.run(browser.stack)
    } catch {
      fail(error)
    }
    Self.end(status: 0)
  }

  /// Ends the process with `status` once its output is written, without the C libraries'
  /// exit handlers: a connection's thread may still be closing it in libpq (its SCRAM state is
  /// OpenSSL's), and OpenSSL's cleanup at exit, run beside it, once crashed the process after
  /// the first screen was printed (`--snapshot` over a password connection). OpenSSL is now
  /// asked not to clean up at exit at all (`PostgresConnection.openSSLStaysAtExit`); this
  /// keeps every other library's exit handler from running beside the threads too. The
  /// terminal is given back before this, and the server sees the connections end.
  static func end(status: Int32) -> Never {
    fflush(nil)
    _exit(status)
  }

  /// Whether `text` names a PostgreSQL database rather than a file: a `postgresql://` URL, or
  /// a `key=value` string libpq reads that is not the name of a file.
  static func isPostgres(_ text: String) -> Bool {
    PostgresSettings.isURL(text)
      || (PostgresSettings.isKeywordString(text) && !FileManager.default.fileExists(atPath: text))
  }

  /// The catalog of the PostgreSQL database `connection` names (a URL or `key=value` string,
  /// empty for the `PG` variables alone), connected once to report a wrong address, user,
  /// password or database now.
  func postgresCatalog(connection: String) async throws -> PostgresCatalog {
    let link = PostgresLink(settings: try PostgresSettings(connection))
    try await link.check()
    return PostgresCatalog(link: link)
  }

  /// Makes the sample database at `path`, showing progress on standard error; unless
  /// `replacing`, an existing one is kept.
  func makeSampleDatabase(at path: String, replacing: Bool) throws {
    var standardError = StandardError()
    let showsProgress = isatty(2) == 1
    do {
      if replacing { _ = unlink(path) }
      let made = try SampleDatabase.ensure(at: path, rowCount: sampleRows) { percent in
        if showsProgress {
          print("\rGenerating sample database: \(percent)%", terminator: "", to: &standardError)
        } else if percent % 10 == 0 {
          print("Generating sample database: \(percent)%", to: &standardError)
        }
      }
      if made && showsProgress { print(" — \(path)", to: &standardError) }
    } catch {
      if showsProgress { print("", to: &standardError) }
      fail("cannot create the sample database at \(path): \(error)")
    }
  }

  /// Prints `error` as one line on standard error and exits with status 1.
  func fail(_ error: Any) -> Never {
    var standardError = StandardError()
    print("data-browser: \(error)", to: &standardError)
    Self.end(status: 1)
  }
}

/// Standard error as a text stream.
struct StandardError: TextOutputStream {
  /// Writes to file descriptor 2.
  mutating func write(_ string: String) {
    var text = string
    text.withUTF8 { bytes in _ = Glibc.write(2, bytes.baseAddress, bytes.count) }
  }
}
