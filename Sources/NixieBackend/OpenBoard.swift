import NixieBoardModel
import NixieCore
import NixieDrivers
import NixieTransports

/// A board opened on a backend: its driver, the lines and frames one may watch, the picture of
/// the tubes where the backend has one, and its input lines. `HardwareBoard` (the real
/// transports) and `SimulatedBoard` (the chips in software) are the two; `DisplaySession`
/// brings either up the same way.
public protocol OpenBoard: AnyObject {
  /// The profile as driven (resolved for the chip variant the detect line reported).
  var board: BoardProfile { get }
  /// The driver to write frames to, after `start()`.
  var driver: any DisplayDriver { get }
  /// Starts the driver (the lines to their idle levels); a fault is the backend's to word.
  func start() throws(NixieError)
  /// Gives what was opened back (the GPIO lines to the kernel); the tubes keep what they show.
  func release()

  /// The backlight's PWM lines, when the board has them (`BacklightPlayer` writes them).
  var backlightLines: GPIOLines? { get }
  /// GPIO line writes made so far, each one call, the initial levels not counted.
  var lineWriteCount: Int { get }

  /// The lines a `--trace` records, their levels now, and a line on the wiring for its header.
  var tracedRoles: [LineRole] { get }
  var tracedLevels: LineSet { get }
  var wiringComment: String { get }
  /// Makes `observer` see every change of the traced lines: on the simulator every edge on
  /// its gpiochip, on hardware the levels as written, stamped when the write returned.
  func addLineObserver(_ observer: LineObserver)
  /// Makes `observer` see every frame that reaches the tubes: decoded from the wire on the
  /// simulator, as written on hardware.
  func addFrameObserver(_ observer: FrameObserver)

  /// Whether the terminal may draw the tubes from the frames this board reports (the
  /// simulator's are what the tubes show); hardware's terminal is the log's.
  var drawsPicture: Bool { get }
  /// The light under the tubes as read back from the wire, for the picture; nil where
  /// nothing reads it back.
  var backlightReadBack: ((UInt64) -> BacklightColor)? { get }
  /// Whether the buzzer sounds at a time, as read back from its line, for the picture's note;
  /// nil where nothing reads it back.
  var buzzerReadBack: ((UInt64) -> Bool)? { get }

  /// The encoder's lines (and its switch's) ready to read, or nil when this backend has
  /// nothing to read them from (the simulator without a script). A failure is bad usage (a
  /// script for another knob) or unavailable (the lines cannot be had).
  func openKnob(_ encoder: EncoderWiring) throws(NixieError) -> LineInput?
  /// The buttons' lines ready to read, or nil as for `openKnob`.
  func openButtons(_ buttons: [ButtonWiring]) throws(NixieError) -> LineInput?
  /// The presence line ready to read (its role `.presence`, physical levels), or nil as for
  /// `openKnob`.
  func openPresence(_ presence: PresenceWiring) throws(NixieError) -> LineInput?
  /// The buzzer's line ready to write (role `.buzzer`, inactive at first), for `BuzzerPlayer`;
  /// a line that cannot be had is unavailable.
  func openBuzzer(_ buzzer: BuzzerWiring) throws(NixieError) -> GPIOLines
  /// The kernel PWM channel of a buzzer whose profile names one (`BuzzerWiring.pwm`), silent;
  /// nil where the backend toggles the line instead (the simulator, a buzzer without PWM).
  func openBuzzerTone(_ buzzer: BuzzerWiring) throws(NixieError) -> ToneOutput?
}

extension OpenBoard {
  /// A backend that cannot sound a buzzer says so.
  public func openBuzzer(_ buzzer: BuzzerWiring) throws(NixieError) -> GPIOLines {
    throw NixieError(.unavailable, "\(board.name): this backend cannot sound the buzzer")
  }

  /// The line is toggled instead.
  public func openBuzzerTone(_ buzzer: BuzzerWiring) throws(NixieError) -> ToneOutput? { nil }
}
