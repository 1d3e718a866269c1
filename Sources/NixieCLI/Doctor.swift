import ArgumentParser
import NixieControl
import NixieDoctor
import NixieSystem
import NixieText
import NixieTransitions

/// `nixie doctor`: what the chosen board needs from this machine, checked, with fixes.
struct Doctor: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Check that this machine has what the board needs, and say how to fix what it has not.",
    discussion: """
      Checks the device nodes the board uses, their permissions and your groups, whether its \
      GPIO lines are free (or who holds them), whether its I2C devices answer, SPI and I2C in \
      the Raspberry Pi's config.txt, the light sensor 'brightness: auto' reads (and the \
      dtoverlay line that adds one) and the presence line, the libgpiod and kernel \
      versions, and how long a frame write takes as a running clock measured it. It only looks: \
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

  @Option(
    help: ArgumentHelp(
      "The running clock's control socket, asked how long its frame writes take (default: where"
        + " 'nixie send' looks).", valueName: "path"))
  var socket: String?

  @Flag(help: "Print the findings as one JSON object.") var json = false

  @Flag(name: [.short, .customLong("quiet")], help: "Print only warnings and problems.") var quiet = false

  func run() throws {
    try DoctorJob(
      board: board, config: config, json: json, quiet: quiet, version: NixieVersion.current,
      output: FileStream.standardOutput,
      clockWrites: { Self.askTheClock(at: socket ?? ControlSocketPath.forSend()) }
    ).run()
  }

  /// What the clock listening at `socket` says of its frame writes: its state's
  /// `frame_timing` (`write_us`, `pwm_period_us`, `pwm_levels`); no clock when none answers
  /// within a second.
  static func askTheClock(at socket: String) -> ClockFrameWrites {
    guard
      let answer = try? ControlClient.request(.state, to: socket, timeoutMilliseconds: 1000),
      let state = answer["state"], case .string(let board)? = state["board"]
    else { return .noClock }
    let timing = state["frame_timing"]
    func number(_ key: String) -> UInt64? {
      guard case .number(let text)? = timing?[key] else { return nil }
      return UInt64(text)
    }
    guard let write = number("write_us"), let period = number("pwm_period_us"),
      let levels = number("pwm_levels")
    else { return .notYetMeasured(board: board) }
    // Clamped before scaling: no answer, however wrong, makes the arithmetic overflow.
    let pwm = PWMSettings(period: min(period, 1_000_000) * 1_000, fittedLevels: Int(min(levels, 1000)))
    return .measured(board: board, writeTime: min(write, 1_000_000_000) * 1_000, pwm: pwm)
  }
}
