/// Why a filter typed by the user is refused, in one line that quotes what was typed.
///
/// ```swift
/// do {
///   _ = try SQLFilter.parse("lo_create(0) > 0", columns: ["id"], dialect: .postgreSQL)
/// } catch {
///   print(error.message)  // "lo_create is not a function a filter can call"
/// }
/// ```
public struct SQLFilterError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The message, one line.
  public let message: String

  /// An error with `message`.
  public init(_ message: String) {
    self.message = message
  }

  /// The message.
  public var description: String { message }
}
