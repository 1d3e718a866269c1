import NixieCore
import NixieRuntime
import NixieSystem

/// Virtual time for the daemon and the threads around it: an hour of clock runs in
/// milliseconds, deterministically, with the real frame scheduler and knob threads.
///
/// Time moves only inside the daemon's `wait(until:)` (or a test's `advance(by:)`), and only
/// while every thread that took a parker from this clock is blocked on it: the wait steps
/// from one due instant to the next — a PWM slice of the frame thread, a heartbeat, a knob
/// script's edge, a scripted event, the daemon's own deadline (plus a fixed `lateness`, as a
/// real wake-up comes a little after) — and at each lets the threads due then run until they
/// block again. An `unpark()` (a request to an idle frame thread) counts its thread as
/// running at once, so a request can never be overtaken by the time it was made in. Events
/// scripted with `schedule` (a clock step, a signal, an action such as a control request)
/// end the daemon's wait when they come due.
///
/// Outside a wait time stands still: a parked thread with a later deadline waits for the
/// daemon's next wait. A thread's `stop()` unparks it, so threads can always be stopped.
/// The clock's own `sleep(until:)` (for code that sleeps without a parker) jumps ahead.
public final class ManualDaemonClock: DaemonClock, ParkingClock, @unchecked Sendable {
  /// Something that happens at a monotonic time.
  public enum Event: Sendable {
    /// The wall clock jumps by this many nanoseconds (negative: back).
    case step(Int64)
    case signal(Signal)
    /// Runs (e.g. posts to the inbox), then wakes the daemon.
    case perform(@Sendable () -> Void)
  }

  /// One thread that parks on this clock. Guarded by the clock's condition.
  final class Slot {
    var parked = false
    var deadline: UInt64?
    var permit = false
    var retired = false
  }

  // Everything below is guarded by `condition`.
  private let condition = Condition()
  private var wall: Int64
  private var mono: UInt64
  private var events: [(at: UInt64, event: Event)] = []
  private var slots: [Slot] = []
  private var woken = false
  /// How long after its deadline a wait returns.
  public let lateness: UInt64

  /// Starts at wall time `wall` (Unix nanoseconds) and monotonic time `monotonic`.
  public init(wall: Int64, monotonic: UInt64 = 1_000_000_000, lateness: UInt64 = 0) {
    self.wall = wall
    self.mono = monotonic
    self.lateness = lateness
  }

  /// Schedules `event` at monotonic time `at`.
  public func schedule(_ event: Event, at time: UInt64) {
    locked {
      events.append((time, event))
      events.sort { $0.at < $1.at }
    }
  }

  /// Schedules `event` `nanoseconds` of monotonic time from now.
  public func schedule(_ event: Event, after nanoseconds: UInt64) {
    schedule(event, at: monotonicTime() + nanoseconds)
  }

  public func wallTime() -> Int64 { locked { wall } }
  public func monotonicTime() -> UInt64 { locked { mono } }

  /// Ends the daemon's wait (now, or the next one) with `.woken`: the inbox's wake-up.
  public func wake() {
    locked {
      woken = true
      condition.broadcast()
    }
  }

  public func wait(until deadline: Int64) throws(SystemCallError) -> DaemonWake {
    condition.lock()
    let target = mono + UInt64(max(0, deadline - wall)) + lateness
    let (wake, action) = run(until: target, daemon: true)
    condition.unlock()
    action?()
    return wake
  }

  /// Lets `nanoseconds` of virtual time pass with the daemon not waiting — as if it were stuck —
  /// while the other threads run as due. Scripted events wait for the daemon's next wait.
  public func advance(by nanoseconds: UInt64) {
    condition.lock()
    _ = run(until: mono + nanoseconds, daemon: false)
    condition.unlock()
  }

  /// Steps time to `target`, letting due threads run; with `daemon`, a scripted event or a
  /// wake-up ends it early. Called with the condition locked.
  private func run(until target: UInt64, daemon: Bool) -> (DaemonWake, (@Sendable () -> Void)?) {
    while true {
      while slots.contains(where: { !$0.retired && !$0.parked }) { condition.wait() }
      if daemon && woken {
        woken = false
        return (.woken, nil)
      }
      let slotDue = slots.lazy.filter { !$0.retired && $0.parked }.compactMap(\.deadline).min()
      let eventDue = daemon ? events.first?.at : nil
      if let slotDue, slotDue <= min(target, eventDue ?? .max) {
        move(to: slotDue)
        for slot in slots where slot.parked && (slot.deadline ?? .max) <= mono { slot.parked = false }
        condition.broadcast()
        continue
      }
      if let eventDue, eventDue <= target {
        move(to: eventDue)
        switch events.removeFirst().event {
        case .step(let delta):
          wall += delta
          return (.clockStepped, nil)
        case .signal(let signal): return (.signal(signal), nil)
        case .perform(let action): return (.woken, action)
        }
      }
      move(to: target)
      return (.deadline, nil)
    }
  }

  private func move(to time: UInt64) {
    guard time > mono else { return }
    wall += Int64(time - mono)
    mono = time
  }

  private func locked<Value>(_ body: () -> Value) -> Value {
    condition.lock()
    defer { condition.unlock() }
    return body()
  }

  // MARK: MonotonicClock and ParkingClock (for the threads on the same time line)

  public func now() -> UInt64 { monotonicTime() }

  /// Moves both clocks forward to monotonic `deadline` at once.
  public func sleep(until deadline: UInt64) {
    locked { move(to: deadline) }
  }

  public func makeParker() -> ThreadParker {
    locked {
      let slot = Slot()
      slots.append(slot)
      return VirtualParker(clock: self, slot: slot)
    }
  }

  func park(_ slot: Slot, until deadline: UInt64?) {
    condition.lock()
    defer { condition.unlock() }
    if slot.permit {
      slot.permit = false
      return
    }
    if let deadline, deadline <= mono { return }
    slot.parked = true
    slot.deadline = deadline
    condition.broadcast()
    while slot.parked { condition.wait() }
  }

  func unpark(_ slot: Slot) {
    locked {
      if slot.parked {
        slot.parked = false
        condition.broadcast()
      } else {
        slot.permit = true
      }
    }
  }

  func discardWakeUp(_ slot: Slot) { locked { slot.permit = false } }

  func retire(_ slot: Slot) {
    locked {
      slot.retired = true
      slot.parked = false
      slots.removeAll { $0 === slot }
      condition.broadcast()
    }
  }
}

/// A thread's parker on a `ManualDaemonClock`: sleeps and parks are the same, virtual-time
/// blocks that `unpark()` can end.
final class VirtualParker: ThreadParker, @unchecked Sendable {
  private let clock: ManualDaemonClock
  private let slot: ManualDaemonClock.Slot

  init(clock: ManualDaemonClock, slot: ManualDaemonClock.Slot) {
    self.clock = clock
    self.slot = slot
  }

  func sleep(until deadline: UInt64) { clock.park(slot, until: deadline) }
  func park(until deadline: UInt64?) { clock.park(slot, until: deadline) }
  func unpark() { clock.unpark(slot) }
  func discardWakeUp() { clock.discardWakeUp(slot) }
  func retire() { clock.retire(slot) }
}
