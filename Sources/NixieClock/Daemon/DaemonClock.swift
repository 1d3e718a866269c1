import NixieSystem

/// The clocks the daemon loop runs on: the displayed wall-clock time, monotonic time for
/// intervals, and a wait for a wall-clock deadline that also ends on a clock step, a signal
/// or a wake-up. `SystemDaemonClock` is the real one (timerfd, signalfd, eventfd);
/// `ManualDaemonClock` runs an hour in milliseconds for tests.
public protocol DaemonClock: AnyObject {
  /// The displayed time in Unix nanoseconds (CLOCK_REALTIME, shifted by `--at`).
  func wallTime() -> Int64
  /// CLOCK_MONOTONIC nanoseconds.
  func monotonicTime() -> UInt64
  /// Sleeps until the displayed time reaches `deadline` or something else happens first.
  func wait(until deadline: Int64) throws(SystemCallError) -> DaemonWake
}
