import NixieTestSupport

/// Reproducible random instants for property tests.
struct SeededInstants {
  var random: SplitMix64

  init(seed: UInt64) { random = SplitMix64(state: seed) }

  mutating func next(in range: ClosedRange<Int64>) -> Int64 {
    range.lowerBound + Int64(random.next() % UInt64(range.upperBound - range.lowerBound + 1))
  }
}
