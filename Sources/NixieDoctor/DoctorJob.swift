import NixieClockSettings
import NixieCore
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
  /// What a running clock says of its frame writes (the command line asks it).
  public var clockWrites: () -> ClockFrameWrites

  public init(
    board: String?, config: String?, json: Bool, quiet: Bool, version: String, output: FileStream,
    clockWrites: @escaping () -> ClockFrameWrites = { .noClock }
  ) {
    self.clockWrites = clockWrites
    var options = ClockOptions()
    options.board = board
    options.config = config
    self.options = options
    self.json = json
    self.quiet = quiet
    self.version = version
    self.output = output
  }

  /// How to choose a board, said when none is.
  static let howToChoose =
    "give --board NAME ('nixie boards' lists them) or set board: in " + ClockConfiguration.defaultPath

  /// Runs the checks and prints the report. Throws an unavailable error (exit 69) when a
  /// problem must be fixed before `--backend hardware` can work; warnings alone end it
  /// cleanly. Without a board it reports the machine's facts (`MachineDoctor`) and then
  /// throws the usage error `which board?` (exit 2).
  public func run() throws(NixieError) {
    let settings = ClockSettings(options: options)
    let configuration = try settings.load()
    let choice = settings.boardChoice(configuration)
    guard choice.board != nil else {
      let (facts, findings) = MachineDoctor(howToChoose: Self.howToChoose).run()
      if json {
        output.line(findings.jsonReport(machine: facts, version: version))
      } else {
        output.write(quiet ? findings.notOK.findingLines : "nixie \(version)\n" + findings.machineReport)
        output.flush()
      }
      throw NixieError(.badUsage, "which board? " + Self.howToChoose)
    }
    var profile = try choice.loadProfile()
    // The presence line nixie.yaml gives is checked like the board's own lines.
    profile.presence = try configuration.presenceWiring(for: profile)
    let findings =
      BoardDoctor(
        board: profile, lightSensor: configuration.light?.sensor, sensorFiles: SystemSensorFiles()
      ).run() + [clockWrites().finding(on: profile.name)]
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
