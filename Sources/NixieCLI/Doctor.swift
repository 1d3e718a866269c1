import ArgumentParser
import NixieBoards
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
  var board: String = BoardCatalog.defaultName

  func run() throws {
    let profile = try HardwareOptions.loadBoard(board)
    let findings = BoardDoctor(board: profile).run()
    let out = FileStream.standardOutput
    out.write(Self.report(findings, board: profile))
    out.flush()
    let problems = findings.filter { $0.status == .problem }.count
    if problems > 0 {
      throw CommandFailure(
        .hardwareUnavailable,
        "\(profile.name): \(problems) problem\(problems == 1 ? "" : "s") to fix before --backend hardware can work"
      )
    }
  }

  /// The report: a line per finding, its fix below it, and a summary.
  static func report(_ findings: [DoctorFinding], board: BoardProfile) -> String {
    var text = "nixie doctor: \(board.name): \(Boards.summary(board))\n"
    for finding in findings {
      text += "\(finding.status.label.padding(toLength: 8, withPad: " ", startingAt: 0)) "
      text += "\(finding.subject): \(finding.message)\n"
      if let fix = finding.fix, finding.status != .ok {
        text += "         fix: \(fix)\n"
      }
    }
    let problems = findings.filter { $0.status == .problem }.count
    let warnings = findings.filter { $0.status == .warning }.count
    text += "\(problems) problem\(problems == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s")\n"
    return text
  }
}
