import NixieCore
import NixieText
import NixieTransports

/// How often, and how patiently, a driver repeats a bus transaction that failed transiently.
///
/// The waits double from `firstDelay` up to `maxDelay`; time comes from an injected clock, so a
/// test can run the whole policy in no time. Non-transient errors are never retried.
public struct RetryPolicy: Hashable, Sendable {
  /// Tries in all, the first one included (at least 1).
  public var attempts: Int
  /// The wait before the second try, in nanoseconds.
  public var firstDelay: UInt64
  /// The longest wait between two tries, in nanoseconds.
  public var maxDelay: UInt64

  public init(attempts: Int, firstDelay: UInt64, maxDelay: UInt64) {
    self.attempts = max(1, attempts)
    self.firstDelay = firstDelay
    self.maxDelay = max(firstDelay, maxDelay)
  }

  /// For I2C expanders: 4 tries, waiting 1, 2 and 4 ms — long enough for a glitch on the bus
  /// to pass, short enough that a clock second is not missed.
  public static let i2c = RetryPolicy(attempts: 4, firstDelay: 1_000_000, maxDelay: 8_000_000)

  /// One try, no retry.
  public static let once = RetryPolicy(attempts: 1, firstDelay: 0, maxDelay: 0)

  /// The wait after failed try number `attempt` (1-based), or nil when no try is left.
  public func delay(after attempt: Int) -> UInt64? {
    guard attempt >= 1, attempt < attempts else { return nil }
    let doublings = min(attempt - 1, 62)
    let (scaled, overflow) = firstDelay.multipliedReportingOverflow(by: 1 << UInt64(doublings))
    return overflow ? maxDelay : min(scaled, maxDelay)
  }

  /// Runs `operation`, trying again after a transient fault (`isTransientFault`) as the policy
  /// allows, sleeping on `clock` in between. A non-transient error is thrown at once; a
  /// transient one that outlasts the policy is thrown as `RetriesExhausted`.
  public func run<Result>(
    _ what: @autoclosure () -> String, clock: MonotonicClock, _ operation: () throws -> Result
  ) throws -> Result {
    var attempt = 1
    while true {
      do {
        return try operation()
      } catch {
        guard isTransientFault(error) else { throw error }
        guard let delay = delay(after: attempt) else {
          throw RetriesExhausted(operation: what(), attempts: attempt, lastError: error)
        }
        clock.sleep(until: clock.now() &+ delay)
        attempt += 1
      }
    }
  }
}

/// A transaction that kept failing transiently after every try its `RetryPolicy` allowed.
///
/// It is itself transient: a long-running program reports it and tries the next frame.
public struct RetriesExhausted: TransportFault, CustomStringConvertible {
  /// What was being done, e.g. `write OLATA/OLATB of the MCP23017 at 0x20`.
  public let operation: String
  public let attempts: Int
  /// The error of the last try.
  public let lastError: any Error

  public init(operation: String, attempts: Int, lastError: any Error) {
    self.operation = operation
    self.attempts = attempts
    self.lastError = lastError
  }

  public var isTransient: Bool { true }

  public var description: String {
    "\(operation) failed \(Counted.text(attempts, "time")): \(lastError)"
  }
}
