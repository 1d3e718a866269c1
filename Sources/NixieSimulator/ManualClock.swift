import NixieCore
import NixieSystem

/// A clock that moves only when told to: sleeping jumps straight to the deadline.
///
/// With it the simulator runs hours of display in milliseconds, deterministically, as
/// swift-nio's EmbeddedEventLoop does with `advanceTime(by:)`.
public final class ManualClock: MonotonicClock {
  private let time: Locked<UInt64>

  public init(start: UInt64 = 0) { time = Locked(start) }

  public func now() -> UInt64 { time.withLock { $0 } }

  /// Moves time forward to `deadline` (never backward) and returns at once.
  public func sleep(until deadline: UInt64) {
    time.withLock { $0 = max($0, deadline) }
  }

  /// Moves time forward by `nanoseconds`.
  public func advance(by nanoseconds: UInt64) {
    time.withLock { $0 += nanoseconds }
  }
}
