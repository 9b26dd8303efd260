@_exported public import struct FoundationEssentials.IndexPath

extension IndexPath {
  /// An index path to a row in a section, as on Apple platforms.
  ///
  /// ```swift
  /// let second = IndexPath(row: 1, section: 0)
  /// ```
  public init(row: Int, section: Int) {
    self.init(indexes: [section, row])
  }

  /// The section, the path's first index.
  public var section: Int {
    get { self[0] }
    set { self[0] = newValue }
  }

  /// The row within the section, the path's second index.
  public var row: Int {
    get { self[1] }
    set { self[1] = newValue }
  }
}
