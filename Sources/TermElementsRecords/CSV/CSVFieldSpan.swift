/// Where one field of a record lies in a buffer, and how to read its value out of it.
struct CSVFieldSpan: Equatable, Sendable {
  /// How the field is written.
  enum Kind: Sendable {
    /// Unquoted: the bytes are the value.
    case plain
    /// Quoted with nothing to unescape: the value is the bytes between the quotes.
    case quoted
    /// Quoted with doubled quotes, text after the closing quote, or no closing quote: the
    /// value needs ``CSVRecordParser/unescape(_:)``.
    case messy
  }

  /// The first byte of the field as written.
  var start: Int
  /// Past the last byte of the field as written (before the delimiter or line end).
  var end: Int
  /// How it is written.
  var kind: Kind
}
