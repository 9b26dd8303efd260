/// One field of a record as read: the start of its value, and the size of the whole value.
///
/// A reader keeps at most a limit of bytes of each value (see ``CSVReader/fieldLimit``), so
/// that a huge field never sits in memory whole; ``size`` still counts every byte of it.
struct CSVField: Sendable, Equatable {
  /// The value's first bytes: all of them unless ``isCut``.
  var bytes: [UInt8] = []
  /// The bytes of the whole value.
  var size = 0

  /// Whether ``bytes`` holds only the start of the value.
  var isCut: Bool { bytes.count < size }

  /// A field whose value is `bytes`, whole.
  init(_ bytes: [UInt8]) {
    self.bytes = bytes
    size = bytes.count
  }

  /// A field whose value starts with `bytes` and is `size` bytes long.
  init(bytes: [UInt8] = [], size: Int = 0) {
    self.bytes = bytes
    self.size = max(size, bytes.count)
  }
}
