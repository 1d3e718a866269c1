import NixieCore

/// How often passwords may be tried: a few a minute from each address, and a cap for all
/// together, so guessing is slow and the slow hash cannot be used to stall the server. Time
/// is a parameter (monotonic nanoseconds).
public struct LoginLimiter: Sendable {
  public let perAddress: (rate: Double, burst: Double)
  private var addresses: [String: TokenBucket] = [:]
  private var total: TokenBucket

  /// Five tries a minute from one address (bursts of five), thirty a minute in all.
  public init(perMinute: Double = 5, totalPerMinute: Double = 30) {
    perAddress = (perMinute / 60, 5)
    total = TokenBucket(rate: totalPerMinute / 60, burst: 10)
  }

  /// Whether a login from `address` may be tried at `now` (counting it when it may).
  public mutating func allow(_ address: String, at now: UInt64) -> Bool {
    if addresses.count > 4096 { addresses.removeAll() }
    var bucket = addresses[address] ?? TokenBucket(rate: perAddress.rate, burst: perAddress.burst)
    defer { addresses[address] = bucket }
    guard bucket.take(at: now) else { return false }
    return total.take(at: now)
  }
}
