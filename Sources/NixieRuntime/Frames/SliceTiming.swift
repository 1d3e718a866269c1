/// How late frame writes start after their deadlines: a histogram with 1 µs buckets.
///
/// Recording allocates nothing; the buckets cover 0–10 ms and later writes count in the last.
public struct SliceTiming: Hashable, Sendable {
  private static let buckets = 10_000
  private var counts = [UInt32](repeating: 0, count: buckets)
  /// Writes recorded.
  public private(set) var samples = 0
  /// The latest start seen, in nanoseconds after its deadline.
  public private(set) var maximum: UInt64 = 0

  public init() {}

  /// Records a write that started `lateness` nanoseconds after its deadline.
  public mutating func record(lateness: UInt64) {
    counts[min(Int(lateness / 1_000), Self.buckets - 1)] += 1
    samples += 1
    maximum = max(maximum, lateness)
  }

  /// The writes recorded since `earlier`, a value this timing had before: their histogram
  /// and, for the maximum, the latest of them if any was later than `earlier`'s maximum, else
  /// the latest bucket that grew.
  public func since(_ earlier: SliceTiming) -> SliceTiming {
    var later = SliceTiming()
    for bucket in 0..<Self.buckets {
      let grown = counts[bucket] &- (bucket < earlier.counts.count ? earlier.counts[bucket] : 0)
      guard grown > 0 else { continue }
      later.counts[bucket] = grown
      later.samples += Int(grown)
      later.maximum = UInt64(bucket) * 1_000
    }
    if maximum > earlier.maximum { later.maximum = maximum }
    return later
  }

  /// The lateness that `fraction` (0…1) of the writes did not exceed, in nanoseconds, to the
  /// microsecond above; nil with no samples.
  public func percentile(_ fraction: Double) -> UInt64? {
    guard samples > 0 else { return nil }
    let wanted = max(1, Int((Double(samples) * min(max(fraction, 0), 1)).rounded(.up)))
    var seen = 0
    for (bucket, count) in counts.enumerated() {
      seen += Int(count)
      if seen >= wanted {
        return bucket == Self.buckets - 1 ? maximum : min(UInt64(bucket + 1) * 1_000, maximum)
      }
    }
    return maximum
  }
}
