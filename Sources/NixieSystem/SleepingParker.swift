import NixieCore

/// A parker for any clock: a deadline is the clock's own `sleep(until:)` (a `ManualClock`
/// jumps there at once) and cannot be cut short; without a deadline it waits on a condition
/// for `unpark()`.
public final class SleepingParker: ThreadParker, @unchecked Sendable {
  private let clock: MonotonicClock
  private let condition = Condition()
  /// Guarded by `condition`.
  private var permit = false

  public init(clock: MonotonicClock) { self.clock = clock }

  public func sleep(until deadline: UInt64) { clock.sleep(until: deadline) }

  public func park(until deadline: UInt64?) {
    condition.lock()
    if let deadline {
      let woken = permit
      permit = false
      condition.unlock()
      if !woken { clock.sleep(until: deadline) }
      return
    }
    while !permit { condition.wait() }
    permit = false
    condition.unlock()
  }

  public func unpark() {
    condition.withLock { permit = true }
    // Signalled after the lock is free, so the woken thread does not block on it at once; no
    // wake-up is lost: the parked thread checks `permit` under the lock before each wait.
    condition.broadcast()
  }

  public func discardWakeUp() { condition.withLock { permit = false } }

  public func retire() {}
}

extension MonotonicClock {
  /// A parker for a thread timed by this clock: the clock's own, or a `SleepingParker`.
  public func makeThreadParker() -> ThreadParker {
    (self as? ParkingClock)?.makeParker() ?? SleepingParker(clock: self)
  }
}
