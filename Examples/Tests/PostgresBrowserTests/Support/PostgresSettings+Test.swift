import DataBrowserPostgres

extension PostgresSettings {
  /// The database the settings name (`dbname`), as psql's `-d` takes it.
  var database: String { options["dbname"] ?? "" }

  /// The host the settings name: for the tests' servers, the directory of the socket.
  var host: String { options["host"] ?? "" }
}
