import ArgumentParser
import NixieCore
import NixieRuntime
import NixieSystem

/// `nixie test-pattern`: bring-up, one cathode at a time (INTERFACE.md).
struct TestPattern: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "test-pattern",
    abstract: "Light every cathode of every position, one at a time, to check the wiring.",
    discussion: """
      Positions go left to right, cathodes in their tube's order; each step prints what should \
      be lit (unless the simulator draws the tubes). A dead cathode or a crossed wire shows at \
      its step. A transient bus error skips a step with a warning; the exit status is then 69.
      """)

  @OptionGroup var hardware: HardwareOptions

  @Option(
    name: .customLong("step-ms"),
    help: ArgumentHelp("How long each cathode stays lit, in milliseconds.", valueName: "ms"))
  var stepMilliseconds = 500

  func validate() throws {
    guard (0...60_000).contains(stepMilliseconds) else {
      throw ValidationError("--step-ms must be between 0 and 60000, not \(stepMilliseconds)")
    }
  }

  func run() throws {
    let board = try hardware.loadBoard()
    let backend = hardware.resolvedBackend
    let drawn = backend == .sim && Terminal.standardOutputIsTerminal
    let session = try DisplaySession(board: board, backend: backend, options: hardware, view: drawn)
    let out = FileStream.standardOutput
    let steps = board.layout.testPattern
    let step = UInt64(stepMilliseconds) * 1_000_000
    let start = session.clock.now()
    var failed = 0
    for (index, pattern) in steps.enumerated() {
      if !drawn {
        out.write(pattern.label + "\n")
        out.flush()
      }
      do {
        session.scheduler.show(pattern.state, transition: .none)
        try session.scheduler.waitUntilSettled()
      } catch  where isTransientFault(error) {
        failed += 1
        NixieMain.printError("nixie: \(pattern.label): skipped: \(error)")
      } catch {
        throw CommandFailure(.hardwareUnavailable, "\(board.name): \(error)")
      }
      session.clock.sleep(until: start + UInt64(index + 1) * step)
    }
    try session.blank()
    session.finish()
    if failed > 0 {
      throw CommandFailure(
        .hardwareUnavailable, "\(board.name): \(failed) of \(steps.count) steps failed (see above)")
    }
  }
}
