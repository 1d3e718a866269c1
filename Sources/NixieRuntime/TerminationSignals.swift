@preconcurrency import Glibc
import NixieCore

/// SIGINT and SIGTERM taken as events instead of handlers, so Ctrl-C can end a wait cleanly.
///
/// `block()` blocks both in the calling thread and so in every thread it starts afterwards
/// (start the frame scheduler after it); `wait(until:clock:)` takes them with `sigtimedwait`.
/// Nothing runs in signal context, so nothing has to be async-signal-safe.
public struct TerminationSignals: Sendable {
  private let previous: sigset_t

  private init(previous: sigset_t) { self.previous = previous }

  private static var set: sigset_t {
    var set = sigset_t()
    sigemptyset(&set)
    sigaddset(&set, SIGINT)
    sigaddset(&set, SIGTERM)
    return set
  }

  /// Blocks SIGINT and SIGTERM in this thread and the threads it starts from now on.
  public static func block() -> TerminationSignals {
    var set = Self.set
    var previous = sigset_t()
    pthread_sigmask(SIG_BLOCK, &set, &previous)
    return TerminationSignals(previous: previous)
  }

  /// Waits until `deadline` on `clock` (CLOCK_MONOTONIC), or until SIGINT or SIGTERM arrives.
  /// Returns the signal's number, or nil when the deadline came first.
  public func wait(until deadline: UInt64, clock: MonotonicClock) -> Int32? {
    var set = Self.set
    while true {
      let now = clock.now()
      guard deadline > now else { return nil }
      let left = deadline - now
      var timeout = timespec(tv_sec: Int(left / 1_000_000_000), tv_nsec: Int(left % 1_000_000_000))
      let signal = sigtimedwait(&set, nil, &timeout)
      if signal > 0 { return signal }
      if errno != EINTR && errno != EAGAIN { return nil }
    }
  }

  /// Puts the signal mask back as it was before `block()`.
  public func restore() {
    var previous = self.previous
    pthread_sigmask(SIG_SETMASK, &previous, nil)
  }

  /// The signal's name for messages, e.g. `SIGINT`.
  public static func name(of signal: Int32) -> String {
    signal == SIGINT ? "SIGINT" : signal == SIGTERM ? "SIGTERM" : "signal \(signal)"
  }
}
