import NixieCore

/// The system clock's parker: a `Condition` timed on CLOCK_MONOTONIC, so a step of the wall
/// clock (NTP, `date -s`) never stretches or cuts a wait. A sleep is a timed wait too, not
/// `clock_nanosleep`: `unpark()` ends it, so a stop never waits for a slice's deadline.
public final class MonotonicParker: ThreadParker, @unchecked Sendable {
  private let condition = Condition()
  /// Guarded by `condition`.
  private var permit = false

  public init() {}

  public func sleep(until deadline: UInt64) { park(until: deadline) }

  public func park(until deadline: UInt64?) {
    condition.withLock {
      while !permit {
        if let deadline {
          if !condition.wait(until: deadline) { break }
        } else {
          condition.wait()
        }
      }
      permit = false
    }
  }

  public func unpark() {
    condition.withLock { permit = true }
    // Signalled after the lock is free, so the woken thread does not block on it at once; no
    // wake-up is lost: the parked thread checks `permit` under the lock before each wait.
    condition.signal()
  }

  public func discardWakeUp() { condition.withLock { permit = false } }

  public func retire() {}
}
