import CSystem
import Glibc

/// A timerfd(2) on CLOCK_REALTIME that fires at absolute wall-clock deadlines and reports a
/// clock step (settimeofday, an NTP step, `date -s`): armed with TFD_TIMER_ABSTIME |
/// TFD_TIMER_CANCEL_ON_SET, its read fails with ECANCELED when the clock is set.
public final class RealtimeTimer {
  /// What reading the timer said.
  public enum Expiry: Hashable, Sendable {
    /// The deadline passed.
    case fired
    /// The realtime clock was stepped while the timer was armed.
    case clockStepped
    /// Nothing yet (the descriptor is non-blocking).
    case pending
  }

  public let descriptor: FileDescriptor

  /// The corresponding C function is `timerfd_create(CLOCK_REALTIME, TFD_CLOEXEC | TFD_NONBLOCK)`.
  public init() throws(SystemCallError) {
    let fd = try SystemCall.run("timerfd_create") {
      timerfd_create(CLOCK_REALTIME, Int32(TFD_CLOEXEC | TFD_NONBLOCK))
    }
    descriptor = FileDescriptor(fd)
  }

  /// Arms the timer for `deadline` (Unix nanoseconds), cancelled by a clock step. Returns
  /// false when the clock was stepped since the timer was last read: the kernel then refuses
  /// with ECANCELED (found by the systemd VM's `date -s`), the step is taken (read) and the
  /// caller re-aligns as for any step.
  public func arm(at deadline: Int64) throws(SystemCallError) -> Bool {
    let clamped = max(deadline, 1)
    var spec = itimerspec(
      it_interval: timespec(tv_sec: 0, tv_nsec: 0),
      it_value: timespec(tv_sec: Int(clamped / 1_000_000_000), tv_nsec: Int(clamped % 1_000_000_000)))
    do {
      try SystemCall.run("timerfd_settime") {
        timerfd_settime(descriptor.rawValue, csystem_timer_abstime_cancel_on_set, &spec, nil)
      }
    } catch where error.errno == Errno(rawValue: ECANCELED) {
      _ = try? read()
      return false
    }
    return true
  }

  /// Reads the expiry count: fired, stepped (ECANCELED) or nothing yet.
  public func read() throws(SystemCallError) -> Expiry {
    var count: UInt64 = 0
    while true {
      let got = Glibc.read(descriptor.rawValue, &count, MemoryLayout<UInt64>.size)
      if got == MemoryLayout<UInt64>.size { return .fired }
      let error = errno
      switch error {
      case EINTR: continue
      case ECANCELED: return .clockStepped
      case EAGAIN: return .pending
      default: throw SystemCallError("read", subject: "timerfd", errno: error)
      }
    }
  }
}
