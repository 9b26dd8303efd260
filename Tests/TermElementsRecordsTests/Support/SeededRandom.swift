/// A seeded generator (SplitMix64): the same seed gives the same run.
struct SeededRandom: RandomNumberGenerator {
  /// The state.
  private var state: UInt64

  /// A generator starting at `seed`.
  init(seed: UInt64) { state = seed }

  /// The next 64 random bits.
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A number in `range`.
  mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &self) }

  /// `true` with probability `chance`.
  mutating func chance(_ chance: Double) -> Bool { Double.random(in: 0..<1, using: &self) < chance }

  /// One of `choices`.
  mutating func pick<T>(_ choices: [T]) -> T { choices[int(0...(choices.count - 1))] }
}
