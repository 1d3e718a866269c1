import NixieCore
import NixieSystem
import NixieTransports

/// `nixie test-pattern`: bring-up, one cathode at a time — every cathode of every position,
/// left to right, each lit for `step` with a label saying what should glow.
public struct TestPatternJob {
  /// The board, what makes its backend, what is recorded.
  public var setup: BoardSetup
  /// How long each cathode stays lit (nanoseconds).
  public var step: UInt64
  /// Where each step's label goes when the simulator is not drawing the tubes (nil: nowhere).
  public var labels: FileStream?
  /// Where a skipped step, or a note on the board chosen, is reported.
  public var warning: (String) -> Void

  public init(
    setup: BoardSetup, step: UInt64,
    labels: FileStream?,
    warning: @escaping (String) -> Void
  ) {
    self.setup = setup
    self.step = step
    self.labels = labels
    self.warning = warning
  }

  /// Walks the pattern; a transient bus error skips a step with a warning and makes the whole
  /// run fail as unavailable at the end.
  public func run() throws(NixieError) {
    let board = try setup.choice.loadProfile()
    let (backend, note) = try setup.backend()
    if let note { warning(note) }
    let session = try DisplaySession(
      board: board, backend: backend, recording: setup.recording, view: Terminal.standardOutputIsTerminal)
    let steps = board.layout.testPattern
    let start = session.clock.now()
    var failed = 0
    for (index, pattern) in steps.enumerated() {
      if let view = session.terminalView {
        view.setStatus("step \(index + 1) of \(steps.count): \(pattern.label)")
      } else {
        labels?.line(pattern.label)
      }
      do {
        session.scheduler.show(pattern.state, transition: .none)
        try session.scheduler.waitUntilSettled()
      } catch  where isTransientFault(error) {
        failed += 1
        warning("\(pattern.label): skipped: \(error)")
      } catch {
        session.finish()
        throw NixieError(.unavailable, "\(board.name): \(error)")
      }
      session.clock.sleep(until: start + UInt64(index + 1) * step)
    }
    do {
      try session.blank()
    } catch {
      session.finish()
      throw error
    }
    try session.finishChecked()
    if failed > 0 {
      throw NixieError(.unavailable, "\(board.name): \(failed) of \(steps.count) steps failed (see above)")
    }
  }
}
