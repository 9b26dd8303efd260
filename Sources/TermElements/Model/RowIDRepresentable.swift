/// A value that can be a row's identity: a number, a string, or a ``RowID``.
///
/// ```swift
/// extension UUID: RowIDRepresentable {
///   public var rowID: RowID { RowID(uuidString) }
/// }
/// ```
public protocol RowIDRepresentable: Hashable, Sendable {
  /// The row identity the value stands for.
  var rowID: RowID { get }
}

extension Int: RowIDRepresentable {
  /// The number as a row identity.
  public var rowID: RowID { RowID(self) }
}

extension String: RowIDRepresentable {
  /// The string as a row identity.
  public var rowID: RowID { RowID(self) }
}

extension RowID: RowIDRepresentable {
  /// The identity itself.
  public var rowID: RowID { self }
}
