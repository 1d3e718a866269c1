import NixieBoardModel
import NixieCore
import NixieInput
import NixieSystem
import NixieTransports

/// A board's knob made ready to read, the one set-up `nixie select` and `nixie clock` share:
/// the encoder's wiring and decoder settings, and its lines as the session's backend opens
/// them (`DisplaySession.openKnob`) — libgpiod edge events on hardware, an input script played
/// on the simulated gpiochip.
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
    return (encoder, try QuadratureSettings.checked(encoder, board: board.name))
  }

  /// The knob of `session`'s board, its lines opened on the session's backend; nil when the
  /// backend has nothing to read them from (the simulator without a script).
  public static func open(_ encoder: EncoderWiring, settings: QuadratureSettings, on session: DisplaySession)
    throws(NixieError) -> KnobInput?
  {
    try session.openKnob(encoder).map { KnobInput(encoder: encoder, settings: settings, lines: $0) }
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
