import NixieCore
import NixieInput
import NixieLinux
import NixieSimulator
import NixieSystem

/// A board's push buttons made ready to read (the NCS314's MODE, UP and DOWN), for boards that
/// have them and no encoder: libgpiod edge events on hardware, an input script's `press mode`,
/// `hold 1200 up`, `down 0` played on the simulated gpiochip. The clock reads them through the
/// same `KnobReader` and `ClockKnob` as a knob.
public struct ButtonInput {
  public let buttons: [ButtonWiring]
  /// The buttons' lines, ready to read.
  public let lines: LineInput

  /// The real buttons, requested for edge events through libgpiod.
  public static func hardware(_ buttons: [ButtonWiring], clock: MonotonicClock) throws(NixieError)
    -> ButtonInput
  {
    ButtonInput(
      buttons: buttons, lines: try LineInput.hardware(clock: clock) { try GPIOKnobSource(buttons: buttons) })
  }

  /// The simulator's buttons: `script` played on the simulated gpiochip of `session`. A script
  /// that turns or presses a knob the board does not have is bad usage.
  public static func scripted(_ script: InputScript, buttons: [ButtonWiring], session: DisplaySession)
    throws(NixieError) -> ButtonInput
  {
    let wired = LineSet(buttons.map(\.role))
    guard let gpio = session.simulated?.gpio, wired.isSubset(of: LineSet(gpio.roles)) else {
      throw NixieError(.unavailable, "the simulator has no lines for \(session.board.name)'s buttons")
    }
    for line in script.lines {
      let role: LineRole? =
        switch line.action {
        case .level(let role, _): role
        case .button(let role, _): role
        case .turn, .press, .hold: nil
        }
      guard let role, wired.contains(.role(role)) else {
        throw NixieError(
          .badUsage,
          "--input line \(line.number): '\(line.action.text)': \(session.board.name) has no rotary encoder;"
            + " its buttons are " + buttons.map(\.role.name).joined(separator: ", "))
      }
    }
    let activeLow = buttons.allSatisfy(\.activeLow)
    let origin = max(session.clock.now(), gpio.lastTime)
    let changes = script.lines.flatMap { line -> [LineEvent] in
      switch line.action {
      case .level(let role, let high): [LineEvent(role, high: high, at: line.time)]
      case .button(let role, _):
        [LineEvent(role, high: !activeLow, at: line.time), LineEvent(role, high: activeLow, at: line.end)]
      case .turn, .press, .hold: []
      }
    }
    let knob = ScriptedKnob(
      gpio: gpio, changes: changes, origin: origin, clock: session.clock, inputs: ScriptedKnob.buttons)
    return ButtonInput(buttons: buttons, lines: .scripted(knob, origin: origin))
  }
}
