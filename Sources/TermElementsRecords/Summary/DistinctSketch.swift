import Foundation

/// An estimate of how many distinct values were seen, in a few kilobytes whatever their
/// number: a HyperLogLog sketch of 4,096 registers (about 1.6% of error), the values hashed
/// by a hash of their own that is the same from one run to the next.
struct DistinctSketch: Hashable, Sendable {
  /// The bits of the hash that choose a register.
  static let bits = 12
  /// The registers: for each, the longest run of zeros (plus one) seen in the hashes sent there.
  private var registers = [UInt8](repeating: 0, count: 1 << bits)

  /// Counts `value`.
  mutating func add(_ value: CellValue) {
    let hash = Self.hash(value)
    let register = Int(hash >> UInt64(64 - Self.bits))
    let rest = hash << UInt64(Self.bits) | (1 << UInt64(Self.bits - 1))
    let rank = UInt8(rest.leadingZeroBitCount + 1)
    if rank > registers[register] { registers[register] = rank }
  }

  /// Adds the values `other` counted.
  mutating func add(_ other: DistinctSketch) {
    for index in registers.indices where other.registers[index] > registers[index] {
      registers[index] = other.registers[index]
    }
  }

  /// The estimate: the harmonic mean of the registers, corrected by linear counting when few
  /// values were seen.
  var estimate: Int {
    let count = Double(registers.count)
    let alpha = 0.7213 / (1 + 1.079 / count)
    var sum = 0.0
    var zeros = 0
    for register in registers {
      sum += 1 / Double(UInt64(1) << UInt64(register))
      if register == 0 { zeros += 1 }
    }
    let raw = alpha * count * count / sum
    if raw <= 2.5 * count, zeros > 0 {
      return Int((count * log(count / Double(zeros))).rounded())
    }
    return Int(raw.rounded())
  }

  /// A 64-bit hash of `value`'s kind and bytes, FNV-1a mixed by SplitMix64's finaliser.
  static func hash(_ value: CellValue) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    func mix(_ tag: UInt8, _ bytes: some Sequence<UInt8>) {
      hash = (hash ^ UInt64(tag)) &* 0x100_0000_01b3
      for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
    }
    func mix(_ tag: UInt8, number: UInt64) {
      withUnsafeBytes(of: number.littleEndian) { mix(tag, $0) }
    }
    switch value {
    case .null: mix(0, [])
    case .integer(let number): mix(1, number: UInt64(bitPattern: number))
    case .decimal(let digits): mix(2, digits.utf8)
    case .real(let number): mix(3, number: number.bitPattern)
    case .boolean(let truth): mix(4, [truth ? 1 : 0])
    case .text(let text): mix(5, text.utf8)
    case .blob(let size, let prefix):
      mix(6, number: UInt64(size))
      mix(6, prefix)
    case .json(let text): mix(7, text.utf8)
    case .date(let text): mix(8, text.utf8)
    case .time(let text): mix(9, text.utf8)
    case .timestamp(let text): mix(10, text.utf8)
    }
    var mixed = hash
    mixed = (mixed ^ (mixed >> 30)) &* 0xbf58_476d_1ce4_e5b9
    mixed = (mixed ^ (mixed >> 27)) &* 0x94d0_49bb_1331_11eb
    return mixed ^ (mixed >> 31)
  }
}
