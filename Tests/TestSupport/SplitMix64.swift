// A tiny seeded random generator, so every random test replays the same cases.

/// SplitMix64 (Steele, Lea, Flood 2014): one 64-bit state, good enough mixing for test data.
public struct SplitMix64: RandomNumberGenerator {
  private var state: UInt64

  public init(seed: UInt64) { state = seed }

  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var mixed = state
    mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
    mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
    return mixed ^ (mixed >> 31)
  }

  /// Cuts `bytes` into consecutive chunks of random sizes from 1 to `maxChunk`.
  public mutating func chunks(of bytes: [UInt8], maxChunk: Int) -> [[UInt8]] {
    var result: [[UInt8]] = []
    var start = 0
    while start < bytes.count {
      let size = Int.random(in: 1...maxChunk, using: &self)
      let end = min(start + size, bytes.count)
      result.append(Array(bytes[start..<end]))
      start = end
    }
    return result
  }
}
