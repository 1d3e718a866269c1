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
}
