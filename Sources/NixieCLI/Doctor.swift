import ArgumentParser
import NixieDoctor
import NixieSystem

/// `nixie doctor`: what the chosen board needs from this machine, checked, with fixes.
struct Doctor: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Check that this machine has what the board needs, and say how to fix what it has not.",
    discussion: """
      Checks the device nodes the board uses, their permissions and your groups, whether its \
      GPIO lines are free (or who holds them), whether its I2C devices answer, SPI and I2C in \
      the Raspberry Pi's config.txt, the light sensor 'brightness: auto' reads (and the \
      dtoverlay line that adds one) and the presence line, and the libgpiod and kernel \
      versions. It only looks: \
      nothing is written. The board is --board, else the configuration's board:. Exit status \
      0 when --backend hardware can work (warnings allowed), 69 when something must be fixed \
      first. Without a board it reports the machine (GPIO chips and their labels, groups, SPI \
      and I2C) and exits 2.

      EXAMPLES:
        # check before the first run
        nixie doctor --board mcp23017-4xin12
        # the board /etc/nixie/nixie.yaml chooses
        nixie doctor
        # for a bug report (it names nixie's version)
        nixie doctor --json > report.json
        # only what needs attention
        nixie doctor -q
      """)

  @Option(
    help: ArgumentHelp(
      "A built-in board profile (see 'nixie boards') or a profile file (default: the configuration's).",
      valueName: "name|path"))
  var board: String?

  @Option(
    help: ArgumentHelp(
      "The configuration whose board: to check (default: /etc/nixie/nixie.yaml if it exists).",
      valueName: "file"))
  var config: String?

  @Flag(help: "Print the findings as one JSON object.") var json = false

  @Flag(name: [.short, .customLong("quiet")], help: "Print only warnings and problems.") var quiet = false

  func run() throws {
    try DoctorJob(
      board: board, config: config, json: json, quiet: quiet, version: NixieVersion.current,
      output: FileStream.standardOutput
    ).run()
  }
}
