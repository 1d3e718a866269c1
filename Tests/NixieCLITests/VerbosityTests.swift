import Foundation
import Testing

/// `-v`/`-q`: how much the clock logs and whether test-pattern labels its steps.
@Suite(.serialized)
struct VerbosityTests {
  /// The server logs a request before it answers: when `nixie send` returns, the line is out.
  @Test func verboseLogsEachControlRequestAndTheDefaultDoesNot() throws {
    for (flags, logged) in [(["-v"], true), ([], false), (["--quiet"], false)] {
      let clock = try HardeningTests.RunningClock(extra: flags)
      #expect(try clock.send(["42", "--seconds", "1"]).status == 0)
      let (status, log) = clock.stop()
      #expect(status == 0, "\(flags): \(log)")
      #expect(log.contains("control socket: request taken: show") == logged, "\(flags): \(log)")
    }
  }

  @Test func verboseAndQuietTogetherAreAUsageMistake() throws {
    let result = try NixieProcess.run(["clock", "-v", "-q", "--backend", "sim", "--duration", "1"])
    #expect(result.status == 2)
    #expect(result.stderr.contains("--verbose and --quiet"), "\(result.stderr)")
  }

  @Test func quietTestPatternPrintsNoLabels() throws {
    let loud = try NixieProcess.run(["test-pattern", "--backend", "sim", "--step-ms", "0"])
    #expect(loud.status == 0 && loud.stdout.split(separator: "\n").count > 10, "\(loud.stdout)\(loud.stderr)")
    let quiet = try NixieProcess.run(["test-pattern", "--backend", "sim", "--step-ms", "0", "-q"])
    #expect(quiet.status == 0 && quiet.stdout.isEmpty, "\(quiet.stdout)\(quiet.stderr)")
  }

  /// `doctor -q` prints only what is not ok, each with its fix: no version, heading or counts.
  @Test func quietDoctorPrintsOnlyTheProblemsAndTheirFixes() throws {
    let loud = try NixieProcess.run(["doctor", "--board", "mcp23017-4xin12"])
    let quiet = try NixieProcess.run(["doctor", "--board", "mcp23017-4xin12", "-q"])
    #expect(quiet.status == loud.status)
    #expect(loud.stdout.hasPrefix("nixie "), "\(loud.stdout)")
    let lines = quiet.stdout.split(separator: "\n")
    if lines.isEmpty { #expect(loud.stdout.contains("0 problems, 0 warnings"), "\(loud.stdout)") }
    for line in lines {
      #expect(
        line.hasPrefix("PROBLEM ") || line.hasPrefix("WARNING ") || line.hasPrefix("         fix: "),
        "\(line)")
    }
    let loudProblems = loud.stdout.split(separator: "\n").filter {
      !$0.hasPrefix("ok ") && !$0.hasPrefix("nixie")
    }
    #expect(lines.count == loudProblems.count - 1, "all but the counts line: \(loud.stdout)")
  }
}
