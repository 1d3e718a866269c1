import NixieCore

/// The system clock's parker: a `Condition` timed on CLOCK_MONOTONIC, so a step of the wall
/// clock (NTP, `date -s`) never stretches or cuts a wait. `sleep(until:)` is
/// `SystemClock.sleep(until:)`: `clock_nanosleep` with `TIMER_ABSTIME`.
public final class MonotonicParker: ThreadParker, @unchecked Sendable {
  private let clock: SystemClock
  private let condition = Condition()
  /// Guarded by `condition`.
  private var permit = false

  public init(clock: SystemClock) { self.clock = clock }

  public func sleep(until deadline: UInt64) { clock.sleep(until: deadline) }

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
