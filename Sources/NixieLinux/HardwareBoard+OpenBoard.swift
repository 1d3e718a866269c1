import NixieBackend
import NixieBoardModel
import NixieCore
import NixieSystem
import NixieTransports

/// The real board as the runtime brings it up: faults in the user's words, the display's lines
/// traced as written, no picture in the terminal (it is the log's), and the knob's, the
/// buttons' and the presence line requested for edge events through libgpiod.
extension HardwareBoard: OpenBoard {
  public func start() throws(NixieError) {
    do {
      try driver.start()
    } catch {
      throw NixieError(.unavailable, "\(board.name): \(error)")
    }
  }

  public var tracedLevels: LineSet { levels }

  public func addLineObserver(_ observer: LineObserver) {
    addLineObserver { observer.linesChanged($0, levels: $1, at: $2) }
  }

  public var drawsPicture: Bool { false }
  public var backlightReadBack: ((UInt64) -> BacklightColor)? { nil }
  public var buzzerReadBack: ((UInt64) -> Bool)? { nil }

  public func openKnob(_ encoder: EncoderWiring) throws(NixieError) -> LineInput? {
    try readable { () throws(HardwareError) in try GPIOKnobSource(encoder: encoder, consumer: consumer) }
  }

  public func openButtons(_ buttons: [ButtonWiring]) throws(NixieError) -> LineInput? {
    try readable { () throws(HardwareError) in try GPIOKnobSource(buttons: buttons, consumer: consumer) }
  }

  /// A presence line the chip does not have is nixie.yaml's mistake (bad configuration, with
  /// the chip's range), not a fault to run without.
  public func openPresence(_ presence: PresenceWiring) throws(NixieError) -> LineInput? {
    try readable(missingLine: .badConfiguration) { () throws(HardwareError) in
      try GPIOKnobSource(presence: presence, consumer: consumer)
    }
  }

  /// The buzzer's line requested as an output, silent at first; given back by `release()`.
  public func openBuzzer(_ buzzer: BuzzerWiring) throws(NixieError) -> GPIOLines {
    let silent: LineSet = buzzer.activeHigh ? [] : .role(.buzzer)
    let outputs = TransportPlan.Outputs(
      chip: buzzer.chip, lines: [.buzzer: buzzer.line], initialLevels: silent)
    do {
      let lines = try LinuxTransports(consumer: consumer).openOutputs(outputs)
      buzzerLines.append(lines)
      return lines
    } catch {
      throw NixieError(.unavailable, "\(board.name): the buzzer: \(error)")
    }
  }

  /// The buzzer's kernel PWM channel when the profile names one; nil otherwise.
  public func openBuzzerTone(_ buzzer: BuzzerWiring) throws(NixieError) -> ToneOutput? {
    guard let pwm = buzzer.pwm else { return nil }
    do {
      return try SysfsPWMTone(pwm)
    } catch {
      throw NixieError(
        .unavailable,
        "\(board.name): the buzzer's PWM channel: \(error) (load the PWM overlay; check the chip and channel)"
      )
    }
  }

  /// The lines `request` asks libgpiod for (edge events), their levels read at once, reading
  /// beginning now; a line that cannot be had is unavailable (a line the chip does not have:
  /// `missingLine`).
  private func readable(
    missingLine: NixieError.Kind = .unavailable, _ request: () throws(HardwareError) -> GPIOKnobSource
  ) throws(NixieError) -> LineInput {
    let source: GPIOKnobSource
    let levels: LineSet
    do {
      source = try request()
      levels = try source.readLevels()
    } catch {
      let missing = (error as? HardwareError)?.problem == .noSuchLine
      throw NixieError(missing ? missingLine : .unavailable, "\(error)")
    }
    return LineInput(
      source: source, levels: levels, origin: clock.now(), cancel: { [source] in source.cancel() })
  }
}
