/// A rate limit as a token bucket: `rate` requests a second on average, bursts up to
/// `burst`. Time is a parameter (monotonic nanoseconds), so it is tested without waiting.
public struct TokenBucket: Hashable, Sendable {
  public let rate: Double
  public let burst: Double
  private var tokens: Double
  private var updated: UInt64?

  public init(rate: Double, burst: Double) {
    self.rate = max(0, rate)
    self.burst = max(1, burst)
    self.tokens = max(1, burst)
  }

  /// Takes one token at `time`; false when the bucket is empty (over the limit).
  public mutating func take(at time: UInt64) -> Bool {
    if let updated, time > updated {
      tokens = min(burst, tokens + Double(time - updated) / 1e9 * rate)
    }
    updated = max(updated ?? time, time)
    guard tokens >= 1 else { return false }
    tokens -= 1
    return true
  }

  /// When a token can be taken, at `time` or later (`time` when one is there; never, `.max`,
  /// for a bucket that does not refill).
  public func nextToken(at time: UInt64) -> UInt64 {
    var current = tokens
    if let updated, time > updated { current = min(burst, tokens + Double(time - updated) / 1e9 * rate) }
    guard current < 1 else { return time }
    guard rate > 0 else { return .max }
    let wait = ((1 - current) / rate * 1e9).rounded(.up)
    return wait < Double(UInt64.max - time) ? time + UInt64(wait) : .max
  }
}
