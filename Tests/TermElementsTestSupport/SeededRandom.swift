/// A small, fast, seeded generator (SplitMix64): the same seed gives the same numbers, so a
/// randomized test replays from its seed.
///
/// ```swift
/// var random = SeededRandom(seed: 20_261_122)
/// let width = random.int(0...100)
/// let key = random.pick(["j", "k", "q"])
/// ```
public struct SeededRandom: RandomNumberGenerator, Sendable {
  /// The state.
  private var state: UInt64

  /// A generator starting at `seed`.
  public init(seed: UInt64) { state = seed }

  /// The next 64 random bits.
  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A number in `range`.
  public mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &self) }

  /// A number in `0..<bound`; `bound` must be more than 0.
  public mutating func next(below bound: Int) -> Int { Int.random(in: 0..<bound, using: &self) }

  /// `true` with probability `chance`.
  public mutating func chance(_ chance: Double) -> Bool {
    Double.random(in: 0..<1, using: &self) < chance
  }

  /// One of `choices`, which must not be empty.
  public mutating func pick<T>(_ choices: [T]) -> T { choices[int(0...(choices.count - 1))] }

  /// A small number, mostly tiny and now and then large: sizes, counts, margins.
  public mutating func small(_ limit: Int) -> Int {
    chance(0.8) ? int(0...min(limit, 4)) : int(0...limit)
  }
}
