import NixieCore
import NixieInput
import NixieSimulator

/// The simulator's knob: plays an input script on the simulated gpiochip's `a`, `b` and `sw`
/// lines and hands back the line changes the chip reports, as the libgpiod source will hand
/// back edge events — so `nixie select` runs the same decoder, switch and spinner code path.
///
/// Script time 0 is `origin`. Waiting is `clock.sleep(until:)`: with a manual clock the
/// script plays in virtual time (at once), with the system clock at its own pace.
final class ScriptedKnob: LineEventSource, LineObserver {
  private let gpio: SimulatedGPIOChip
  private let changes: [LineEvent]
  private let origin: UInt64
  private let clock: MonotonicClock
  private var next = 0
  private var received: [LineEvent] = []

  static let inputs: LineSet = [.a, .b, .sw]

  /// `changes` are the script's physical level changes, timed from the script's start.
  init(gpio: SimulatedGPIOChip, changes: [LineEvent], origin: UInt64, clock: MonotonicClock) {
    self.gpio = gpio
    self.changes = changes
    self.origin = origin
    self.clock = clock
    gpio.addObserver(self)
  }

  func readLevels() -> LineSet { gpio.levels.intersection(Self.inputs) }

  func next(until deadline: UInt64?) -> [LineEvent]? {
    guard next < changes.count else {
      guard let deadline else { return nil }
      clock.sleep(until: deadline)
      return []
    }
    let due = origin + changes[next].time
    if let deadline, deadline < due {
      clock.sleep(until: deadline)
      return []
    }
    clock.sleep(until: due)
    received = []
    while next < changes.count, origin + changes[next].time == due {
      gpio.drive(changes[next].role, high: changes[next].high, at: due)
      next += 1
    }
    return received
  }

  func linesChanged(_ changed: LineSet, levels: LineSet, at time: UInt64) {
    for role in changed.intersection(Self.inputs).roles {
      received.append(LineEvent(role, high: levels.contains(role), at: time))
    }
  }
}
