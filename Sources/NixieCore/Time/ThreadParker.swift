/// Where a thread that runs on a clock blocks: until a deadline, or until another thread wakes
/// it — the frame scheduler's thread and the clock's knob thread.
///
/// `unpark()` is a permit, as in java.util.concurrent's LockSupport: given while the thread is
/// not parked, it makes the next `park` return at once, so a wake-up between deciding to park
/// and parking is never lost. The system clock's parker is a condition variable on
/// CLOCK_MONOTONIC (NixieSystem's `MonotonicParker`); a virtual clock's lets test time stand
/// still until every thread it times is blocked (NixieClock's `ManualDaemonClock`).
public protocol ThreadParker: AnyObject, Sendable {
  /// Sleeps until `deadline` on the clock (a PWM slice). It may return early after `unpark()`
  /// (so a stop need not wait for the deadline): a caller that must not be early sleeps again.
  func sleep(until deadline: UInt64)
  /// Blocks until `unpark()` or until `deadline` on the clock (nil: no deadline). Returns at
  /// once if an `unpark()` came since the last `park` or `sleep`.
  func park(until deadline: UInt64?)
  /// Wakes the parked thread, or gives it a permit that ends its next `park` at once.
  func unpark()
  /// Drops a permit that came after its `park` had already ended by its deadline.
  func discardWakeUp()
  /// The thread is done with the parker (it is about to exit).
  func retire()
}

/// A clock that makes its own parkers: the system clock, a virtual clock shared by threads.
public protocol ParkingClock: MonotonicClock {
  /// A parker for one thread. A virtual clock counts that thread as running from now on
  /// until it parks or retires.
  func makeParker() -> ThreadParker
}
