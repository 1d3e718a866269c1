import NixieBoardModel
import NixieCore
import NixieInput
import NixieSystem
import NixieTransports
import Synchronization

/// The simulator's knob: plays an input script on the simulated gpiochip's `a`, `b` and `sw`
/// lines (or a board's `mode`, `up` and `down` buttons) and hands back the line changes the chip reports, as the libgpiod source will hand
/// back edge events — so `nixie select` runs the same decoder, switch and spinner code path.
///
/// Script time 0 is `origin`. Waiting is a park on the clock's `ThreadParker` (made when the
/// knob is, on the owner's thread): with a manual clock the script plays in virtual time (at
/// once), with the system clock at its own pace; `cancel()` ends a wait from another thread
/// (the clock's knob thread shuts down).
public final class ScriptedKnob: LineEventSource, LineObserver, @unchecked Sendable {
  private let gpio: SimulatedGPIOChip
  private let changes: [LineEvent]
  private let origin: UInt64
  private let clock: MonotonicClock
  private let parker: ThreadParker
  private let cancelled = Atomic<Bool>(false)
  private var next = 0
  private var received: [LineEvent] = []
  private let inputs: LineSet

  /// The encoder's lines.
  public static let inputs: LineSet = [.a, .b, .sw]
  /// A board's buttons.
  public static let buttons = LineSet([LineRole.mode, .up, .down])

  /// `changes` are the script's physical level changes on `inputs`, timed from the script's start.
  public init(
    gpio: SimulatedGPIOChip, changes: [LineEvent], origin: UInt64, clock: MonotonicClock,
    inputs: LineSet = ScriptedKnob.inputs
  ) {
    self.inputs = inputs
    self.gpio = gpio
    self.changes = changes
    self.origin = origin
    self.clock = clock
    self.parker = clock.makeThreadParker()
    // Weakly: the knob holds the chip, so the chip must not hold the knob.
    gpio.addObserver(WeakLineObserver(self))
  }

  /// Ends a wait in `next(until:)` (which then returns nil) and every later one.
  public func cancel() {
    cancelled.store(true, ordering: .releasing)
    parker.unpark()
  }

  /// The thread reading the knob is done with it.
  public func retire() { parker.retire() }

  /// Waits until `deadline`; false when cancelled first.
  private func wait(until deadline: UInt64) -> Bool {
    while clock.now() < deadline && !cancelled.load(ordering: .acquiring) {
      parker.park(until: deadline)
    }
    return !cancelled.load(ordering: .acquiring)
  }

  public func readLevels() -> LineSet { gpio.levels.intersection(inputs) }

  public func next(until deadline: UInt64?) -> [LineEvent]? {
    guard next < changes.count else {
      guard let deadline, wait(until: deadline) else { return nil }
      return []
    }
    let due = origin + changes[next].time
    if let deadline, deadline < due {
      return wait(until: deadline) ? [] : nil
    }
    guard wait(until: due) else { return nil }
    received = []
    while next < changes.count, origin + changes[next].time == due {
      gpio.drive(changes[next].role, high: changes[next].high, at: due)
      next += 1
    }
    return received
  }

  public func linesChanged(_ changed: LineSet, levels: LineSet, at time: UInt64) {
    for role in changed.intersection(inputs).roles {
      received.append(LineEvent(role, high: levels.contains(role), at: time))
    }
  }
}
