import Glibc
import NixieCore

/// The real clocks: CLOCK_MONOTONIC for timing, CLOCK_REALTIME for what time it is.
///
/// `sleep(until:)` is `clock_nanosleep` with `TIMER_ABSTIME` on CLOCK_MONOTONIC, resumed after
/// signals, so a sequence of deadlines never drifts.
public final class SystemClock: MonotonicClock {
  public init() {}

  public func now() -> UInt64 { Self.read(CLOCK_MONOTONIC).nanoseconds }

  public func sleep(until deadline: UInt64) {
    var target = timespec(
      tv_sec: Int(deadline / 1_000_000_000), tv_nsec: Int(deadline % 1_000_000_000))
    while clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &target, nil) == EINTR {}
  }

  /// CLOCK_REALTIME as nanoseconds since the Unix epoch.
  public static func wallClockNanoseconds() -> Int64 { Int64(read(CLOCK_REALTIME).nanoseconds) }

  private static func read(_ clock: clockid_t) -> (seconds: Int, nanoseconds: UInt64) {
    var now = timespec()
    clock_gettime(clock, &now)
    return (now.tv_sec, UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec))
  }
}

extension SystemClock: ParkingClock {
  public func makeParker() -> ThreadParker { MonotonicParker() }
}
