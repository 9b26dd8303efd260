/// A row's stable identity, given by the app: a number or a string, never made up at random.
///
/// ```swift
/// Row(ElementOfLabel(props: user.name), id: RowID(user.id))
/// Row(ElementOfLabel(props: "Settings"), id: "settings")
/// ```
public struct RowID: Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral,
  ExpressibleByIntegerLiteral
{
  /// The identity's value.
  enum Value: Hashable, Sendable {
    case number(Int)
    case text(String)
  }

  /// The identity's value.
  let value: Value

  /// An identity from a number, such as a database key.
  public init(_ number: Int) { value = .number(number) }

  /// An identity from a string.
  public init(_ text: String) { value = .text(text) }

  /// An identity from a number literal.
  public init(integerLiteral number: Int) { self.init(number) }

  /// An identity from a string literal.
  public init(stringLiteral text: String) { self.init(text) }

  /// The number, for an identity made from one.
  ///
  /// ```swift
  /// #expect(RowID(42).number == 42)
  /// ```
  public var number: Int? {
    guard case .number(let number) = value else { return nil }
    return number
  }

  /// The string, for an identity made from one.
  public var text: String? {
    guard case .text(let text) = value else { return nil }
    return text
  }

  /// The number or string, as written.
  public var description: String {
    switch value {
    case .number(let number): String(number)
    case .text(let text): text
    }
  }
}
