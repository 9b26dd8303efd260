import GRDB
import TermElementsRecordsSQL

extension SQLStatement<DatabaseValue> {
  /// The values of the statement's placeholders, as GRDB binds them.
  var arguments: StatementArguments {
    // A loop rather than a key path, which a page's statements would pay for on every value.
    var values: [DatabaseValue] = []
    values.reserveCapacity(parameters.count)
    for parameter in parameters {
      switch parameter {
      case .value(let value): values.append(value)
      case .integer(let number): values.append(number.databaseValue)
      }
    }
    return StatementArguments(values)
  }
}
