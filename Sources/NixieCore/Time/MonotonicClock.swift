/// Monotonic time in nanoseconds, injected wherever code timestamps or waits.
///
/// The real one reads CLOCK_MONOTONIC and sleeps with absolute deadlines; tests and the
/// simulator use a manual one, so an hour of display runs in milliseconds.
public protocol MonotonicClock: AnyObject, Sendable {
  /// Nanoseconds since an arbitrary fixed point.
  func now() -> UInt64
  /// Returns at or after `deadline` (a value of `now()`); at once if it has passed.
  func sleep(until deadline: UInt64)
}
