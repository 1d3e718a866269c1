import NixieCore
import Synchronization

/// A daemon clock that moves only when the daemon waits: each wait jumps straight to its
/// deadline (plus a fixed `lateness`, as a real wake-up comes a little after), unless a
/// scripted event — a clock step, a signal, an action such as a control request — comes
/// first. An hour of clock runs in milliseconds, deterministically. It is also the
/// `MonotonicClock` of a simulated board in the same test.
public final class ManualDaemonClock: DaemonClock, MonotonicClock {
  /// Something that happens at a monotonic time.
  public enum Event: Sendable {
    /// The wall clock jumps by this many nanoseconds (negative: back).
    case step(Int64)
    case signal(Int32)
    /// Runs (e.g. posts to the inbox), then wakes the daemon.
    case perform(@Sendable () -> Void)
  }

  private struct State {
    var wall: Int64
    var mono: UInt64
    var events: [(at: UInt64, event: Event)] = []
  }

  private let state: Mutex<State>
  /// How long after its deadline a wait returns.
  public let lateness: UInt64

  /// Starts at wall time `wall` (Unix nanoseconds) and monotonic time `monotonic`.
  public init(wall: Int64, monotonic: UInt64 = 1_000_000_000, lateness: UInt64 = 0) {
    state = Mutex(State(wall: wall, mono: monotonic))
    self.lateness = lateness
  }

  /// Schedules `event` at monotonic time `at`.
  public func schedule(_ event: Event, at time: UInt64) {
    state.withLock { state in
      state.events.append((time, event))
      state.events.sort { $0.at < $1.at }
    }
  }

  /// Schedules `event` `nanoseconds` of monotonic time from now.
  public func schedule(_ event: Event, after nanoseconds: UInt64) {
    schedule(event, at: monotonicTime() + nanoseconds)
  }

  public func wallTime() -> Int64 { state.withLock { $0.wall } }
  public func monotonicTime() -> UInt64 { state.withLock { $0.mono } }

  public func wait(until deadline: Int64) throws(SystemCallError) -> DaemonWake {
    let (wake, action): (DaemonWake, (@Sendable () -> Void)?) = state.withLock { state in
      let distance = max(0, deadline - state.wall)
      let wakeAt = state.mono + UInt64(distance) + lateness
      if let first = state.events.first, first.at <= wakeAt {
        state.events.removeFirst()
        let moved = first.at > state.mono ? first.at - state.mono : 0
        state.mono += moved
        state.wall += Int64(moved)
        switch first.event {
        case .step(let delta):
          state.wall += delta
          return (.clockStepped, nil)
        case .signal(let signal): return (.signal(signal), nil)
        case .perform(let action): return (.woken, action)
        }
      }
      state.wall += Int64(wakeAt - state.mono)
      state.mono = wakeAt
      return (.deadline, nil)
    }
    action?()
    return wake
  }

  // MARK: MonotonicClock (for a simulated board on the same time line)

  public func now() -> UInt64 { monotonicTime() }

  /// Moves both clocks forward to monotonic `deadline`.
  public func sleep(until deadline: UInt64) {
    state.withLock { state in
      guard deadline > state.mono else { return }
      state.wall += Int64(deadline - state.mono)
      state.mono = deadline
    }
  }
}
