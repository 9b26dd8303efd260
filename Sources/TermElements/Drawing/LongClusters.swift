import Synchronization

/// Grapheme clusters longer than a ``Cell`` holds inline (more than seven UTF-8 bytes), each in
/// a numbered slot that cells refer to, in a table whose size is bounded.
///
/// How long a cluster is kept:
///
/// - While a screen holds it. A ``Screen`` holds every long cluster it has written since it
///   was last cleared; when it has written more long clusters than it has cells, it lets go of
///   those no longer in its cells. A copy of a screen holds what the screen held. So a cell
///   reads back correctly for as long as it is on a screen, and two screens' cells can be
///   compared byte for byte.
/// - Clusters no screen holds (those of a `Cell` made apart from any screen, or let go by one)
///   stay readable while at most ``idleCapacity`` of them are; past that, the slot of the one
///   idle longest is reused.
/// - A reused slot gets a new generation, which is part of the number a cell keeps, so a cell
///   still naming the old cluster reads back as U+FFFD instead of as someone else's text.
///
/// The table therefore holds at most the clusters held by live screens (at most about twice
/// their cells) and ``idleCapacity`` more, however many distinct clusters pass through.
final class LongClusters: Sendable {
  /// The one table every cell shares.
  static let shared = LongClusters(idleCapacity: 4_096)

  /// How many clusters that no screen holds are kept readable.
  let idleCapacity: Int

  /// One slot: its cluster, if any, and who holds it.
  private struct Entry {
    /// The cluster, `nil` while the slot is free.
    var cluster: Character?
    /// Changes each time the slot is given to another cluster; 24 bits.
    var generation: UInt32
    /// How many screens' leases hold the slot.
    var holders: Int
    /// Changes each time the slot becomes idle, to tell stale queue entries apart.
    var idleStamp: UInt32
  }

  /// The table, guarded by one lock.
  private struct State {
    var entries: [Entry] = []
    var numbers: [Character: Int] = [:]
    /// Slots without a cluster, to be used first.
    var free: [Int] = []
    /// Slots in the order they became idle, oldest from `idleHead`; entries whose slot has
    /// since been held or freed are skipped.
    var idleQueue: [(slot: Int, stamp: UInt32)] = []
    var idleHead = 0
    /// Slots with a cluster that no lease holds.
    var idleCount = 0
    /// The slots each lease holds, by lease number.
    var leases: [Int: Set<Int>] = [:]
    var nextLease = 0

    /// The slot of `character`, given a slot on first sight; a new slot starts idle.
    mutating func slot(of character: Character, idleCapacity: Int) -> Int {
      if let slot = numbers[character] { return slot }
      let slot: Int
      if idleCount >= idleCapacity, let oldest = popOldestIdle() {
        evict(oldest)
        slot = oldest
      } else if let freed = free.popLast() {
        slot = freed
      } else {
        entries.append(Entry(cluster: nil, generation: 0, holders: 0, idleStamp: 0))
        slot = entries.count - 1
      }
      entries[slot].cluster = character
      numbers[character] = slot
      makeIdle(slot)
      return slot
    }

    /// The packed cell value naming `slot`.
    func packed(_ slot: Int) -> UInt64 {
      0xFF << 56 | UInt64(entries[slot].generation) << 32 | UInt64(slot)
    }

    /// The slot a packed value names, if it still holds the cluster the value was made for.
    func slot(ofPacked packed: UInt64) -> Int? {
      let slot = Int(packed & 0xFFFF_FFFF)
      let generation = UInt32((packed >> 32) & 0xFF_FFFF)
      guard slot < entries.count, entries[slot].generation == generation,
        entries[slot].cluster != nil
      else { return nil }
      return slot
    }

    /// One more lease holds `slot`.
    mutating func hold(_ slot: Int) {
      if entries[slot].holders == 0 { idleCount -= 1 }
      entries[slot].holders += 1
    }

    /// One lease fewer holds `slot`.
    mutating func release(_ slot: Int) {
      entries[slot].holders -= 1
      if entries[slot].holders == 0 { makeIdle(slot) }
    }

    /// Queues a slot that no lease holds for reuse.
    mutating func makeIdle(_ slot: Int) {
      entries[slot].idleStamp &+= 1
      idleQueue.append((slot, entries[slot].idleStamp))
      idleCount += 1
      let queued = idleQueue.count - idleHead
      if queued > 2 * idleCount + 1_024 {
        idleQueue = idleQueue[idleHead...].filter { isIdle($0.slot, stamp: $0.stamp) }
        idleHead = 0
      } else if idleHead > 1_024 && idleHead * 2 > idleQueue.count {
        idleQueue.removeFirst(idleHead)
        idleHead = 0
      }
    }

    /// Whether a queue entry still stands for an idle slot.
    func isIdle(_ slot: Int, stamp: UInt32) -> Bool {
      entries[slot].holders == 0 && entries[slot].idleStamp == stamp
        && entries[slot].cluster != nil
    }

    /// Takes the slot idle longest off the queue.
    mutating func popOldestIdle() -> Int? {
      while idleHead < idleQueue.count {
        let (slot, stamp) = idleQueue[idleHead]
        idleHead += 1
        if isIdle(slot, stamp: stamp) { return slot }
      }
      return nil
    }

    /// Empties an idle slot and moves it to the next generation.
    mutating func evict(_ slot: Int) {
      if let cluster = entries[slot].cluster { numbers[cluster] = nil }
      entries[slot].cluster = nil
      entries[slot].generation = (entries[slot].generation &+ 1) & 0xFF_FFFF
      idleCount -= 1
    }

    /// Frees the slots idle longest until at most `capacity` are idle.
    mutating func trimIdle(to capacity: Int) {
      while idleCount > capacity, let slot = popOldestIdle() {
        evict(slot)
        free.append(slot)
      }
    }
  }

  /// The table.
  private let state = Mutex(State())

  /// Makes an empty table that keeps up to `idleCapacity` clusters no screen holds (at least
  /// one, so that a cell made apart from a screen reads back until the next one is made).
  init(idleCapacity: Int) {
    self.idleCapacity = max(1, idleCapacity)
  }

  /// The packed cell value for `character`, which no screen holds yet.
  func number(of character: Character) -> UInt64 {
    state.withLock { state in
      let slot = state.slot(of: character, idleCapacity: idleCapacity)
      return state.packed(slot)
    }
  }

  /// The packed cell value for `character`, held by `lease` until the lease ends.
  func number(of character: Character, heldBy lease: LongClusterLease) -> UInt64 {
    state.withLock { state in
      let slot = state.slot(of: character, idleCapacity: idleCapacity)
      if state.leases[lease.number, default: []].insert(slot).inserted {
        state.hold(slot)
      }
      return state.packed(slot)
    }
  }

  /// The cluster a packed cell value names, or U+FFFD if its slot has been reused since.
  func cluster(_ packed: UInt64) -> Character {
    state.withLock { state in
      state.slot(ofPacked: packed).flatMap { state.entries[$0].cluster } ?? "\u{FFFD}"
    }
  }

  /// A new lease holding the clusters that `numbers`, packed cell values, name.
  func lease(holding numbers: some Sequence<UInt64>) -> LongClusterLease {
    let number = state.withLock { state in
      let number = state.nextLease
      state.nextLease += 1
      var slots: Set<Int> = []
      for packed in numbers {
        if let slot = state.slot(ofPacked: packed), slots.insert(slot).inserted {
          state.hold(slot)
        }
      }
      state.leases[number] = slots
      return number
    }
    return LongClusterLease(number: number, table: self)
  }

  /// Lets go of every cluster a lease held.
  fileprivate func endLease(_ number: Int) {
    state.withLock { state in
      for slot in state.leases.removeValue(forKey: number) ?? [] {
        state.release(slot)
      }
      state.trimIdle(to: idleCapacity)
    }
  }

  /// How many clusters the table keeps, and how many slots it has: what its memory grows with.
  var size: (clusters: Int, slots: Int) {
    state.withLock { ($0.numbers.count, $0.entries.count) }
  }
}

/// A screen's hold on the long clusters it has written: while the lease lives, its clusters
/// stay in ``LongClusters``.
///
/// A screen and its copies share one lease, and a screen about to write through a shared
/// lease takes a new one first, as copy-on-write storage does.
final class LongClusterLease: Sendable {
  /// The lease's number in its table.
  let number: Int
  /// The table whose clusters it holds.
  let table: LongClusters

  /// Wraps a lease the table has recorded.
  fileprivate init(number: Int, table: LongClusters) {
    self.number = number
    self.table = table
  }

  deinit {
    table.endLease(number)
  }
}
