import NixieBoardModel
import NixieCore
import NixieTransports

/// A board's push buttons made ready to read (the NCS314's MODE, UP and DOWN), for boards that
/// have them and no encoder, their lines as the session's backend opens them
/// (`DisplaySession.openButtons`): libgpiod edge events on hardware, an input script's
/// `press mode`, `hold 1200 up`, `down 0` played on the simulated gpiochip. The clock reads
/// them through the same `KnobReader` and `ClockKnob` as a knob.
public struct ButtonInput {
  public let buttons: [ButtonWiring]
  /// The buttons' lines, ready to read.
  public let lines: LineInput

  /// The buttons of `session`'s board, their lines opened on the session's backend; nil when
  /// the backend has nothing to read them from (the simulator without a script).
  public static func open(_ buttons: [ButtonWiring], on session: DisplaySession) throws(NixieError)
    -> ButtonInput?
  {
    try session.openButtons(buttons).map { ButtonInput(buttons: buttons, lines: $0) }
  }
}
