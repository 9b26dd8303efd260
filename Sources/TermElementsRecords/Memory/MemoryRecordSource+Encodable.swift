import Foundation

extension MemoryRecordSource {
  /// Records made of `items`, one column for each property the first item encodes, in the
  /// order it encodes them, known by their index in the array, or by the column called
  /// `key` when given.
  ///
  /// Whole numbers become ``CellValue/integer(_:)``, other numbers ``CellValue/real(_:)``,
  /// strings ``CellValue/text(_:)``, `Bool`s ``CellValue/boolean(_:)``, `nil` ``CellValue/null``,
  /// `Date`s a ``CellValue/timestamp(_:)`` in ISO 8601, `Data` a BLOB, and anything nested
  /// ``CellValue/json(_:)``.
  ///
  /// ```swift
  /// struct Person: Encodable {
  ///   let id: Int
  ///   let name: String
  /// }
  /// let people = try MemoryRecordSource(
  ///   name: "people", items: [Person(id: 1, name: "Ada")], key: "id")
  /// ```
  public init<Item: Encodable>(name: String, items: [Item], key: String? = nil) throws {
    var columns: [String] = []
    var rows: [[CellValue]] = []
    rows.reserveCapacity(items.count)
    for item in items {
      let encoder = RecordEncoder()
      try item.encode(to: encoder)
      if let failure = encoder.failure {
        throw EncodingError.invalidValue(item, .init(codingPath: [], debugDescription: failure))
      }
      if columns.isEmpty { columns = encoder.fields.map(\.name) }
      let values = Dictionary(encoder.fields.map { ($0.name, $0.value) }) { first, _ in first }
      rows.append(columns.map { values[$0] ?? .null })
    }
    let keyColumns = key.flatMap { columns.firstIndex(of: $0) }.map { [$0] } ?? []
    self.init(name: name, columns: columns, records: rows, keyColumns: keyColumns)
  }
}

/// An encoder that keeps the top-level properties of one value as cells.
final class RecordEncoder: Encoder {
  /// A property and its value.
  struct Field {
    let name: String
    let value: CellValue
  }

  /// The properties encoded, in order.
  var fields: [Field] = []
  /// Why the value could not be made a record, if it could not.
  var failure: String?
  let codingPath: [any CodingKey] = []
  let userInfo: [CodingUserInfoKey: Any] = [:]

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    KeyedEncodingContainer(FieldContainer<Key>(encoder: self))
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    failure = "a record is made of a value with properties, such as a struct, not a list"
    return ListContainer(encoder: self)
  }

  func singleValueContainer() -> any SingleValueEncodingContainer {
    ValueContainer(encoder: self)
  }

  /// The cell of a property's value.
  static func cell<T: Encodable>(_ value: T) throws -> CellValue {
    switch value {
    case let text as String: return .text(text)
    case let truth as Bool: return .boolean(truth)
    case let number as Int: return .integer(Int64(number))
    case let number as Int64: return .integer(number)
    case let number as Int32: return .integer(Int64(number))
    case let number as UInt32: return .integer(Int64(number))
    case let number as Double: return .real(number)
    case let number as Float: return .real(Double(number))
    case let date as Date: return .timestamp(date.formatted(.iso8601))
    case let data as Data: return .blob(Array(data))
    case let decimal as Decimal: return .decimal(decimal.description)
    default:
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.sortedKeys]
      encoder.dateEncodingStrategy = .iso8601
      return .json(String(decoding: try encoder.encode(value), as: UTF8.self))
    }
  }
}

/// The keyed container of ``RecordEncoder``: each property becomes a field.
struct FieldContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
  let encoder: RecordEncoder
  var codingPath: [any CodingKey] { [] }

  mutating func encodeNil(forKey key: Key) throws {
    encoder.fields.append(.init(name: key.stringValue, value: .null))
  }

  mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
    encoder.fields.append(.init(name: key.stringValue, value: try RecordEncoder.cell(value)))
  }

  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy keyType: NestedKey.Type, forKey key: Key
  ) -> KeyedEncodingContainer<NestedKey> {
    encoder.failure = "a record's properties nest through their own encode(to:)"
    return KeyedEncodingContainer(FieldContainer<NestedKey>(encoder: encoder))
  }

  mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
    encoder.failure = "a record's properties nest through their own encode(to:)"
    return ListContainer(encoder: encoder)
  }

  mutating func superEncoder() -> any Encoder { encoder }
  mutating func superEncoder(forKey key: Key) -> any Encoder { encoder }
}

/// The single value container of ``RecordEncoder``: a value with no properties, such as a
/// string, is a record of one column, `value`.
struct ValueContainer: SingleValueEncodingContainer {
  let encoder: RecordEncoder
  var codingPath: [any CodingKey] { [] }

  mutating func encodeNil() throws {
    encoder.fields.append(.init(name: "value", value: .null))
  }

  mutating func encode<T: Encodable>(_ value: T) throws {
    encoder.fields.append(.init(name: "value", value: try RecordEncoder.cell(value)))
  }
}

/// The unkeyed container of ``RecordEncoder``, which a record cannot be: it keeps nothing, and
/// the encoder says why.
struct ListContainer: UnkeyedEncodingContainer {
  let encoder: RecordEncoder
  var codingPath: [any CodingKey] { [] }
  var count: Int { 0 }

  mutating func encodeNil() throws {}
  mutating func encode<T: Encodable>(_ value: T) throws {}

  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
    -> KeyedEncodingContainer<NestedKey>
  {
    KeyedEncodingContainer(FieldContainer<NestedKey>(encoder: encoder))
  }

  mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { self }
  mutating func superEncoder() -> any Encoder { encoder }
}
