@_exported public import struct FoundationEssentials.IndexPath

extension IndexPath {
  /// An index path to a row in a section, as on Apple platforms.
  ///
  /// ```swift
  /// let second = IndexPath(row: 1, section: 0)
  /// ```
  public init(row: Int, section: Int) {
    // Setting the two indexes of a two-index path stores them inline; building it from an
    // array would allocate one for every path.
    self = Self.pair
    self[0] = section
    self[1] = row
  }

  /// A path of two indexes, which the paths of rows start from.
  private static let pair: IndexPath = [0, 0]

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
