import NixieBoardModel
import NixieCore

/// `nixie blank`: the tubes dark and their power off, whatever drove them last. A Raspberry
/// Pi's kernel keeps a process's GPIO outputs driven after it is gone, so a clock ended by
/// SIGKILL, the watchdog, the OOM killer or a crash leaves its last frame lit with the high
/// voltage on; systemd runs this after every stop of nixie-clock.service (`ExecStopPost=`).
///
/// Opening the board does most of it at once: the hardware requests the display's lines at
/// their idle levels (every enable off: the blanking line dark, the high-voltage enable low)
/// and the backlight's lines dark. Then the driver, brought up as every command brings it up
/// (`DisplaySession`), is blanked (`DisplayDriver.blank()`, as the clock does on SIGTERM: a
/// dark frame latched, or the blanking line off, and the tubes' supply line off), and the
/// board is given back. Without a chosen board there is nothing to blank: it returns at once.
public struct BlankJob {
  /// The board, what makes its backend, what is recorded.
  public var setup: BoardSetup
  /// Where a note on the backend chosen is said.
  public var notice: (String) -> Void

  public init(setup: BoardSetup, notice: @escaping (String) -> Void) {
    self.setup = setup
    self.notice = notice
  }

  /// What a run did.
  public enum Outcome: Equatable, Sendable {
    /// The named board was blanked.
    case blanked(String)
    /// No board was chosen (a fresh install's nixie.yaml): nothing was opened.
    case noBoard
  }

  /// Blanks the chosen board. Its hardware errors are those of every board command (a
  /// missing chip, a busy line, no permission: exit 69); a write that fails is exit 69 too.
  @discardableResult
  public func run() throws(NixieError) -> Outcome {
    guard setup.choice.board != nil else { return .noBoard }
    let board = try setup.choice.loadProfile()
    let (backend, note) = try setup.backend()
    if let note { notice(note) }
    let session = try DisplaySession(board: board, backend: backend, recording: setup.recording, view: false)
    // The frame thread has nothing to show: stopped, it leaves the driver to this job, which
    // hears of a failed write (the thread's own blank on stopping is best effort).
    session.scheduler.stop()
    do {
      try session.driver.blank()
    } catch {
      session.finish()
      throw NixieError(.unavailable, "\(board.name): \(error)")
    }
    silenceBuzzer(of: board, in: session)
    try session.finishChecked()
    return .blanked(board.name)
  }

  /// Silences a buzzer that a program which died left sounding (a Raspberry Pi's kernel keeps
  /// its line driven, as the display's): its line requested inactive, its PWM channel, where
  /// the profile names one, disabled. Best effort, said when it fails: the tubes are dark.
  private func silenceBuzzer(of board: BoardProfile, in session: DisplaySession) {
    guard let buzzer = board.buzzer else { return }
    do {
      _ = try session.openBuzzer(buzzer)
      try session.openBuzzerTone(buzzer)?.sound(hertz: nil)
    } catch {
      notice("\(board.name): the buzzer may still sound: \(error)")
    }
  }
}
