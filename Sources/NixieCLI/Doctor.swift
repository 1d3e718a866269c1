import ArgumentParser
import NixieCore
import NixieLinux
import NixieRuntime
import NixieSystem

/// `nixie doctor`: what the chosen board needs from this machine, checked, with fixes.
struct Doctor: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Check that this machine has what the board needs, and say how to fix what it has not.",
    discussion: """
      Checks the device nodes the board uses, their permissions and your groups, whether its \
      GPIO lines are free (or who holds them), whether its I2C devices answer, and the libgpiod \
      and kernel versions. It only looks: nothing is written. Exit status 0 when --backend \
      hardware can work (warnings allowed), 69 when something must be fixed first.
      """)

  @Option(
    help: ArgumentHelp(
      "A built-in board profile (see 'nixie boards') or a profile file.", valueName: "name|path"))
  var board: String?

  func run() throws {
    let profile = try BoardChoice(board: board).loadProfile()
    let findings = BoardDoctor(board: profile).run()
    let out = FileStream.standardOutput
    out.write(findings.report(on: profile))
    out.flush()
    let problems = findings.problems
    if problems > 0 {
      throw NixieError(
        .unavailable,
        "\(profile.name): \(problems) problem\(problems == 1 ? "" : "s") to fix before --backend hardware can work"
      )
    }
  }
}
