import NixieBackend
import NixieBoardModel
import NixieCore
import NixieDrivers
import NixieInput
import NixieTransports

/// The simulated board as the runtime brings it up: every gpiochip line traced, the frames
/// decoded from the chips, a picture for the terminal with the backlight read back, and the
/// knob or the buttons played from the input script (`input`) on the gpiochip.
extension SimulatedBoard: OpenBoard {
  /// A driver that cannot start on the simulator is nixie's fault, not the user's.
  public func start() throws(NixieError) {
    do {
      try driver.start()
    } catch {
      throw NixieError(.internalError, "\(board.name): \(error)")
    }
  }

  /// Nothing to give back.
  public func release() {}

  public var backlightLines: GPIOLines? { gpio }
  public var lineWriteCount: Int { gpio.writeCount }

  public var tracedRoles: [LineRole] { gpio.roles }
  public var tracedLevels: LineSet { gpio.levels }
  public func addLineObserver(_ observer: LineObserver) { gpio.addObserver(observer) }
  public func addFrameObserver(_ observer: FrameObserver) { display.addObserver(observer) }

  public var drawsPicture: Bool { true }
  public var backlightReadBack: ((UInt64) -> BacklightColor)? {
    backlight.map { light in { light.color(at: $0) } }
  }
  public var buzzerReadBack: ((UInt64) -> Bool)? {
    buzzer.map { buzzer in { buzzer.isSounding(at: $0) } }
  }

  /// `input` played on the encoder's lines, which must be on the gpiochip (the simulator puts
  /// the encoder on the display's chip); nil without a script.
  public func openKnob(_ encoder: EncoderWiring) throws(NixieError) -> LineInput? {
    guard let input else { return nil }
    guard ScriptedKnob.inputs.isSubset(of: LineSet(gpio.roles)) else {
      throw NixieError(
        .unavailable,
        "the simulator puts the encoder on the display's gpiochip; \(board.name) has it on \(encoder.chip)")
    }
    let settings = try QuadratureSettings.checked(encoder, board: board.name)
    let changes = input.levelChanges(
      encoder: settings, switchActiveLow: encoder.activeLow, levels: gpio.levels)
    return play(changes, on: ScriptedKnob.inputs)
  }

  /// `input` played on the buttons' lines: presses, holds and levels of the buttons the board
  /// has; a script that turns or presses a knob the board does not have is bad usage. Nil
  /// without a script.
  public func openButtons(_ buttons: [ButtonWiring]) throws(NixieError) -> LineInput? {
    guard let input else { return nil }
    let wired = LineSet(buttons.map(\.role))
    guard wired.isSubset(of: LineSet(gpio.roles)) else {
      throw NixieError(.unavailable, "the simulator has no lines for \(board.name)'s buttons")
    }
    for line in input.lines {
      let role: LineRole? =
        switch line.action {
        case .level(.presence, _): .presence
        case .level(let role, _): role
        case .button(let role, _): role
        case .turn, .press, .hold: nil
        }
      guard let role, role == .presence || wired.contains(.role(role)) else {
        throw NixieError(
          .badUsage,
          "--input line \(line.number): '\(line.action.text)': \(board.name) has no rotary encoder;"
            + " its buttons are " + buttons.map(\.role.name).joined(separator: ", "))
      }
    }
    let activeLow = buttons.allSatisfy(\.activeLow)
    let changes = input.lines.flatMap { line -> [LineEvent] in
      switch line.action {
      case .level(.presence, _): []
      case .level(let role, let high): [LineEvent(role, high: high, at: line.time)]
      case .button(let role, _):
        [LineEvent(role, high: !activeLow, at: line.time), LineEvent(role, high: activeLow, at: line.end)]
      case .turn, .press, .hold: []
      }
    }
    return play(changes, on: ScriptedKnob.buttons)
  }

  /// `input`'s presence lines (`presence 0`, `presence 1`) played on the board's presence line,
  /// which must be on the gpiochip; nil without a script.
  public func openPresence(_ presence: PresenceWiring) throws(NixieError) -> LineInput? {
    guard let input else { return nil }
    guard gpio.roles.contains(.presence) else {
      throw NixieError(
        .unavailable,
        "the simulator puts the presence line on the display's gpiochip; \(board.name) has it on \(presence.chip)"
      )
    }
    return play(input.presenceChanges, on: .role(.presence))
  }

  /// The gpiochip, which carries the buzzer's line when it is on the display's chip (the
  /// trace's `buzzer` wire).
  public func openBuzzer(_ buzzer: BuzzerWiring) throws(NixieError) -> GPIOLines {
    guard gpio.roles.contains(.buzzer) else {
      throw NixieError(
        .unavailable,
        "the simulator puts the buzzer on the display's gpiochip; \(board.name) has it on \(buzzer.chip)")
    }
    return gpio
  }

  /// `changes` on `inputs`, played from now (or the gpiochip's latest change, if later).
  private func play(_ changes: [LineEvent], on inputs: LineSet) -> LineInput {
    let origin = max(clock.now(), gpio.lastTime)
    let knob = ScriptedKnob(gpio: gpio, changes: changes, origin: origin, clock: clock, inputs: inputs)
    return LineInput(
      source: knob, levels: knob.readLevels(), origin: origin, cancel: { [knob] in knob.cancel() },
      retire: { [knob] in knob.retire() })
  }
}
