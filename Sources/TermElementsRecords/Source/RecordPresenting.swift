/// A source that names its order and its records in its own words, where the key's columns
/// do not say it.
public protocol RecordPresenting: RecordSource {
  /// What records come in order of in the key's order when no column holds the key, for the
  /// status line (`row address (no key)`), or `nil` when the key's columns say it.
  var keyOrder: String? { get }

  /// How the record with key `key` is named in the title of its screen: `id 17`, `a, b y, 7`,
  /// `record 12`.
  func title(ofKey key: RecordKey) -> String
}

extension RecordPresenting {
  /// Nothing to say: the key's columns, or the source's name, tell the order.
  public var keyOrder: String? { nil }

  /// The names of the key's columns and the key's values (`id 17`); `record` and the values
  /// when the key is not a column.
  public func title(ofKey key: RecordKey) -> String { keyTitle(of: key) }
}

extension RecordSource {
  /// The names of the key's columns and the key's values (`id 17`); `record` and the values
  /// when the key is not a column: the title of a source that does not name its records.
  func keyTitle(of key: RecordKey) -> String {
    let values = key.values.map(\.cellText).joined(separator: ", ")
    let names = keyColumns.filter { columns.indices.contains($0) }.map { columns[$0].name }
    return names.isEmpty ? "record \(values)" : "\(names.joined(separator: ", ")) \(values)"
  }
}
