/// Faster turning moves further, on long lists only: the knob's answer to RVS_Spinner's
/// spinner/picker threshold.
///
/// A detent that follows the previous one in the same direction within a tier's interval
/// moves that tier's number of values; a slow detent, a change of direction or a short list
/// moves one.
public struct Acceleration: Hashable, Sendable {
  /// Detents closer together than `interval` (ns) move `steps` values.
  public struct Tier: Hashable, Sendable {
    public var interval: UInt64
    public var steps: Int

    public init(interval: UInt64, steps: Int) {
      self.interval = interval
      self.steps = steps
    }
  }

  /// Lists with more values than this accelerate (default 20).
  public var threshold: Int
  /// Fastest first. Default: under 15 ms apart moves 4, under 30 ms moves 2 (a clean `cw N`
  /// of the simulator script, 40 ms per detent, does not accelerate).
  public var tiers: [Tier]

  public init(
    threshold: Int = 20,
    tiers: [Tier] = [Tier(interval: 15_000_000, steps: 4), Tier(interval: 30_000_000, steps: 2)]
  ) {
    self.threshold = threshold
    self.tiers = tiers.sorted { $0.interval < $1.interval }
  }

  /// Whether a list of `count` values accelerates.
  public func applies(toCount count: Int) -> Bool { count > threshold }

  /// Values to move for a detent `interval` ns after the previous one in the same direction
  /// (nil: none such).
  public func steps(afterInterval interval: UInt64?) -> Int {
    guard let interval else { return 1 }
    return tiers.first { interval < $0.interval }?.steps ?? 1
  }
}
