import NixieAlarms
import NixieBoardModel
import NixieCore
import NixieSystem
import NixieText
import NixieTransports

/// `nixie buzz`: one tune played once on the board's buzzer, to hear it (or, with `--trace`,
/// to see it on the simulator's `buzzer` wire), then the line silent and the board given back.
///
/// The tune is a built-in one by name or RTTTL text (`BuiltInTunes.tune`); text that is not a
/// tune is bad configuration at its column, before anything is opened. A board whose profile
/// has no buzzer is unavailable: there is nothing to sound. On the simulator the tune plays in
/// real time at a terminal and in virtual time otherwise (as `nixie select`), so a script's
/// `--trace` holds every edge at its exact time however busy the machine is.
public struct BuzzJob {
  /// The board, what makes its backend, what is recorded.
  public var setup: BoardSetup
  /// The tune's name or RTTTL text, as typed.
  public var tune: String
  /// Where a note on the backend chosen is said.
  public var notice: (String) -> Void

  public init(setup: BoardSetup, tune: String, notice: @escaping (String) -> Void) {
    self.setup = setup
    self.tune = tune
    self.notice = notice
  }

  /// How long past the tune's end the job waits for the player before it gives up.
  static let grace: UInt64 = 5_000_000_000

  /// The tune `text` names, or why not (exit 65, at its column).
  public static func parse(_ text: String) throws(NixieError) -> Tune {
    do {
      return try BuiltInTunes.tune(text)
    } catch {
      throw NixieError(
        .badConfiguration, "--tune \(Printable.quoted(text)): column \(error.column): \(error.message)")
    }
  }

  /// Plays the tune once on the chosen board's buzzer and returns its name once the line is
  /// silent again.
  @discardableResult
  public func run() throws(NixieError) -> Tune {
    let tune = try Self.parse(self.tune)
    let board = try setup.choice.loadProfile()
    guard let wiring = board.buzzer else {
      throw NixieError(
        .unavailable,
        "\(board.name) has no buzzer: its profile names no buzzer line, so there is nothing to sound")
    }
    let (backend, note) = try setup.backend()
    if let note { notice(note) }
    let session = try DisplaySession(
      board: board, backend: backend, recording: setup.recording, view: false,
      clock: CommandClock(on: backend).clock)
    let player: BuzzerPlayer
    do {
      let output: BuzzerPlayer.Output =
        if let tone = try session.openBuzzerTone(wiring) {
          .tone(tone)
        } else {
          .line(try session.openBuzzer(wiring), wiring)
        }
      player = BuzzerPlayer(output: output, clock: session.clock)
      try player.play(tune)
    } catch {
      session.finish()
      throw error as? NixieError ?? NixieError(.internalError, "\(board.name): the buzzer's thread: \(error)")
    }
    let deadline = SystemClock().now() &+ tune.nanoseconds &+ Self.grace
    let ended = player.waitUntilSilent(deadline: deadline)
    player.shutDown()
    if let failure = player.failure {
      session.finish()
      throw NixieError(.unavailable, "\(board.name): the buzzer: \(failure)")
    }
    guard ended else {
      session.finish()
      throw NixieError(.internalError, "\(board.name): the tune did not end in time")
    }
    try session.finishChecked()
    return tune
  }
}
