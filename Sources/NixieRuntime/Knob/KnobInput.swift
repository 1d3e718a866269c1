import NixieBoards
import NixieCore
import NixieInput
import NixieLinux
import NixieSimulator
import NixieSystem

/// A board's knob made ready to read, the one set-up `nixie select` and `nixie clock` share:
/// the encoder's wiring and decoder settings, a source of its line events — libgpiod edge
/// events on hardware, an input script played on the simulated gpiochip — and the lines'
/// levels when reading began.
public struct KnobInput {
  public let encoder: EncoderWiring
  public let settings: QuadratureSettings
  /// The encoder's lines (and its switch's), ready to read.
  public let lines: LineInput

  /// The board's encoder and its decoder settings, or why the board cannot be read as a knob:
  /// it has no encoder (bad usage: `command` names who needs one), or its `detents-per-cycle`
  /// is not one the decoder knows (bad configuration).
  public static func encoder(of board: BoardProfile, for command: String, needsSwitch: Bool = false)
    throws(NixieError) -> (wiring: EncoderWiring, settings: QuadratureSettings)
  {
    guard let encoder = board.encoder else {
      throw NixieError(
        .badUsage,
        "--board \(board.name) has no rotary encoder, which \(command) needs (an 'encoder' section in"
          + " its profile: see docs/INTERFACE.md)")
    }
    if needsSwitch && encoder.pushSwitch == nil {
      throw NixieError(
        .badUsage,
        "--board \(board.name): its encoder has no push switch, and \(command) confirms with a press")
    }
    guard let settings = QuadratureSettings(wiring: encoder) else {
      throw NixieError(
        .badConfiguration,
        "\(board.name): encoder.detents-per-cycle must be 1, 2 or 4, not \(encoder.detentsPerCycle)")
    }
    return (encoder, settings)
  }

  /// The real knob: the encoder's lines requested for edge events through libgpiod.
  public static func hardware(_ encoder: EncoderWiring, settings: QuadratureSettings, clock: MonotonicClock)
    throws(NixieError) -> KnobInput
  {
    KnobInput(
      encoder: encoder, settings: settings,
      lines: try LineInput.hardware(clock: clock) { try GPIOKnobSource(encoder: encoder) })
  }

  /// The simulator's knob: `script` played on the simulated gpiochip of `session`, which must
  /// carry the encoder's lines (the board's encoder is on the display's chip).
  public static func scripted(
    _ script: InputScript, encoder: EncoderWiring, settings: QuadratureSettings, session: DisplaySession
  ) throws(NixieError) -> KnobInput {
    guard let gpio = session.simulated?.gpio, ScriptedKnob.inputs.isSubset(of: LineSet(gpio.roles)) else {
      throw NixieError(
        .unavailable,
        "the simulator puts the encoder on the display's gpiochip; \(session.board.name) has it on \(encoder.chip)"
      )
    }
    let origin = max(session.clock.now(), gpio.lastTime)
    let knob = ScriptedKnob(
      gpio: gpio,
      changes: script.levelChanges(
        encoder: settings, switchActiveLow: encoder.activeLow, levels: gpio.levels),
      origin: origin, clock: session.clock)
    return KnobInput(encoder: encoder, settings: settings, lines: .scripted(knob, origin: origin))
  }

  /// The input script at `path` (`-`: standard input): bad usage when it cannot be read, bad
  /// configuration with its line when it is wrong.
  public static func script(at path: String) throws(NixieError) -> InputScript {
    let text: String
    do {
      text = try TextFile.read(path)
    } catch {
      throw NixieError(.badUsage, "--input: \(error)")
    }
    do {
      return try InputScript(parsing: text)
    } catch {
      throw NixieError(.badConfiguration, "\(path == "-" ? "<stdin>" : path):\(error.line): \(error.message)")
    }
  }
}
