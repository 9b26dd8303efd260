/// Items known to hold for one version of a table at one width, by position: each one's
/// height, separator included, and for a row the row measured. A direct-mapped cache of 1,024
/// slots, so that asking again costs an array read rather than a hash.
///
/// A slot holds the last position stored in it; another position that maps to the same slot
/// replaces it. A new version or width makes every slot stale at once. Its memory is 32 KiB,
/// taken when the first item is stored, besides the rows it holds.
///
/// ```swift
/// var verified = VerifiedItems()
/// verified.set(height: 3, row: nil, of: 1_000, version: 1, width: 80)
/// verified.item(at: 1_000, version: 1, width: 80)?.height  // 3
/// verified.item(at: 1_000, version: 2, width: 80)  // nil
/// ```
struct VerifiedItems: Sendable {
  /// What is known of one item.
  struct VerifiedItem: Sendable {
    /// Its lines, separator included.
    var height: Int
    /// The row measured, for a row whose measurement is at hand.
    var row: MeasuredRow?
  }

  /// One position's item, and the generation it was stored in.
  private struct Slot: Sendable {
    var position: Int
    var generation: Int
    var item: VerifiedItem
  }

  /// Slots, by position modulo their count.
  private var slots: [Slot] = []
  /// The table version the current generation is for.
  private var version = -1
  /// The width the current generation is for.
  private var width = -1
  /// Counts changes of version or width: slots of an earlier generation are stale.
  private var generation = 0
  /// The number of slots, a power of two.
  private static var count: Int { 1_024 }

  /// What is stored for the item at `position` in table version `version` at `width`.
  func item(at position: Int, version: Int, width: Int) -> VerifiedItem? {
    guard version == self.version, width == self.width, !slots.isEmpty else { return nil }
    let slot = slots[position & (Self.count - 1)]
    return slot.position == position && slot.generation == generation ? slot.item : nil
  }

  /// Calls `body` with each row stored for table version `version` at `width`, and its
  /// position, then lets go of every row stored, of any version: a version's rows are read
  /// only while it lasts, and a row held past it would keep its content alive after the table
  /// dropped it.
  mutating func takeRows(version: Int, width: Int, _ body: (Int, MeasuredRow) -> Void) {
    let current = version == self.version && width == self.width
    for index in slots.indices where slots[index].item.row != nil {
      if current, slots[index].generation == generation, let row = slots[index].item.row {
        body(slots[index].position, row)
      }
      slots[index].item.row = nil
    }
  }

  /// Stores that the item at `position` takes `height` lines in version `version` at `width`,
  /// and, for a row, the row measured.
  mutating func set(height: Int, row: MeasuredRow?, of position: Int, version: Int, width: Int) {
    if version != self.version || width != self.width {
      self.version = version
      self.width = width
      generation += 1
    }
    if slots.isEmpty {
      slots = Array(
        repeating: Slot(position: -1, generation: 0, item: VerifiedItem(height: 0, row: nil)),
        count: Self.count)
    }
    slots[position & (Self.count - 1)] = Slot(
      position: position, generation: generation, item: VerifiedItem(height: height, row: row))
  }
}
