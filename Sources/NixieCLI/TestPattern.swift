import ArgumentParser
import NixieRuntime
import NixieSystem

/// `nixie test-pattern`: bring-up, one cathode at a time (docs/INTERFACE.md).
struct TestPattern: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "test-pattern",
    abstract: "Light every cathode of every position, one at a time, to check the wiring.",
    discussion: """
      Positions go left to right, cathodes in their tube's order; each step prints what should \
      be lit (unless the simulator draws the tubes). A dead cathode or a crossed wire shows at \
      its step. A transient bus error skips a step with a warning; the exit status is then 69.

      EXAMPLES:
        # on your board: watch each cathode
        nixie test-pattern --board mcp23017-4xin12
        # in this terminal
        nixie test-pattern --backend sim --step-ms 100
        # only problems, for a script
        nixie test-pattern --board mcp23017-4xin12 --quiet
      """)

  @OptionGroup var hardware: HardwareOptions

  @Option(
    name: .customLong("step-ms"),
    help: ArgumentHelp("How long each cathode stays lit, in milliseconds.", valueName: "ms"))
  var stepMilliseconds = 500

  @Flag(name: .shortAndLong, help: "Print no step labels, only warnings and problems.")
  var quiet = false

  func validate() throws {
    guard (0...60_000).contains(stepMilliseconds) else {
      throw ValidationError("--step-ms must be between 0 and 60000, not \(stepMilliseconds)")
    }
  }

  func run() throws {
    try TestPatternJob(
      setup: hardware.setup, step: UInt64(stepMilliseconds) * 1_000_000,
      labels: quiet ? nil : FileStream.standardOutput, warning: { NixieMain.printError("nixie: \($0)") }
    ).run()
  }
}
