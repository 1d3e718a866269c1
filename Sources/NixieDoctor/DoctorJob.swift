import NixieClock
import NixieCore
import NixieLinux
import NixieRuntime
import NixieSystem
import NixieText

/// `nixie doctor`: checks what the chosen board needs from this machine (`BoardDoctor`) and
/// prints the findings with their fixes. The board is `--board`, else the configuration's
/// `board:`, chosen as the clock would choose it.
public struct DoctorJob {
  /// `--board` and `--config`; the rest of the clock's options play no part.
  public var options: ClockOptions
  /// Print the findings as one JSON object.
  public var json: Bool
  /// Print only warnings and problems.
  public var quiet: Bool
  /// nixie's version, named in the report (for bug reports).
  public var version: String
  /// Where the report goes.
  public var output: FileStream

  public init(board: String?, config: String?, json: Bool, quiet: Bool, version: String, output: FileStream) {
    var options = ClockOptions()
    options.board = board
    options.config = config
    self.options = options
    self.json = json
    self.quiet = quiet
    self.version = version
    self.output = output
  }

  /// Runs the checks and prints the report. Throws a usage error when no board is chosen, and
  /// an unavailable one (exit 69) when a problem must be fixed before `--backend hardware`
  /// can work; warnings alone end it cleanly.
  public func run() throws(NixieError) {
    let settings = ClockSettings(options: options)
    let choice = settings.boardChoice(try settings.load())
    guard choice.board != nil else {
      throw NixieError(
        .badUsage,
        "which board? give --board NAME ('nixie boards' lists them) or set board: in "
          + ClockConfiguration.defaultPath)
    }
    let profile = try choice.loadProfile()
    let findings = BoardDoctor(board: profile).run()
    if json {
      output.line(findings.jsonReport(on: profile, version: version))
    } else {
      // -q: only what is not ok, each with its fix; nothing at all when everything is.
      output.write(quiet ? findings.notOK.findingLines : "nixie \(version)\n" + findings.report(on: profile))
      output.flush()
    }
    let problems = findings.problems
    if problems > 0 {
      throw NixieError(
        .unavailable,
        "\(profile.name): \(Counted.text(problems, "problem")) to fix before --backend hardware can work"
      )
    }
  }
}
