import GRDB
import TermElementsRecordsSQL

extension SQLStatement<DatabaseValue> {
  /// The values of the statement's placeholders, as GRDB binds them.
  var arguments: StatementArguments {
    StatementArguments(parameters.map { $0.resolved(\.databaseValue) })
  }
}
