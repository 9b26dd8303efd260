import Foundation
import GRDB
import TermElementsRecords

extension CellValue {
  /// The value of a database value, whole: SQLite's five storage classes as integers, reals,
  /// text and BLOBs.
  ///
  /// ```swift
  /// let value = CellValue(42.databaseValue)  // .integer(42)
  /// ```
  public init(_ value: DatabaseValue) {
    switch value.storage {
    case .null: self = .null
    case .int64(let number): self = .integer(number)
    case .double(let number): self = .real(number)
    case .string(let text): self = .text(text)
    case .blob(let data): self = .blob(Array(data))
    }
  }

  /// The database value of a value: text for the kinds SQLite has no class of its own for.
  public var databaseValue: DatabaseValue {
    switch self {
    case .null: .null
    case .integer(let number): number.databaseValue
    case .real(let number): number.databaseValue
    case .boolean(let truth): truth.databaseValue
    case .blob(_, let bytes): Data(bytes).databaseValue
    case .text(let text), .json(let text), .decimal(let text), .date(let text), .time(let text),
      .timestamp(let text):
      text.databaseValue
    }
  }
}
