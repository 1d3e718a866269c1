import Foundation
import Testing

/// A new user's first hour: nothing is driven without a chosen board, the service waits for
/// one, a clock run by a normal user is reachable with `nixie send`, mistakes say what to do.
@Suite(.serialized)
struct FirstHourTests {
  typealias Scratch = ClockCommandTests.Scratch

  @Test func checkBoardSaysWhetherTheConfigurationChoosesABoard() throws {
    let none = try Scratch(config: "# only comments\n")
    let unset = try NixieProcess.run(["clock", "--check-board", "--config", none.config])
    #expect(unset.status == 1)
    #expect(
      unset.stderr.contains("no board chosen: set 'board:' in /etc/nixie/nixie.yaml"), "\(unset.stderr)")
    let chosen = try Scratch(config: "board: mcp23017-4xin12\n")
    #expect(try NixieProcess.run(["clock", "--check-board", "--config", chosen.config]).status == 0)
    #expect(
      try NixieProcess.run(["clock", "--check-board", "--config", none.config, "--board", "pcf8574-4xin12"])
        .status == 0)
    let broken = try Scratch(config: "board: [\n")
    #expect(try NixieProcess.run(["clock", "--check-board", "--config", broken.config]).status == 65)
  }

  @Test func anUnknownBoardInTheFileIsReportedAtItsPlaceWithTheKnownNames() throws {
    let scratch = try Scratch(config: "# my clock\nboard: mcp23017-4xin21\n")
    let result = try NixieProcess.run(
      scratch.arguments(["--duration", "1"]).filter { $0 != "--backend" && $0 != "sim" })
    #expect(result.status == 65)
    #expect(
      result.stderr.contains(scratch.config + ":2:8: board 'mcp23017-4xin21': no built-in board"),
      "\(result.stderr)")
    #expect(result.stderr.contains("did you mean mcp23017-4xin12?"))
  }

  @Test func theDefaultFaceOfAFourTubeBoardIsHHmm() throws {
    let scratch = try Scratch()
    let result = try NixieProcess.run(
      scratch.arguments([
        "--board", "mcp23017-4xin12", "--at", "2026-07-20T09:41:00Z", "--timezone", "UTC",
        "--transition", "none", "--duration", "0.3",
      ]))
    #expect(result.status == 0, "\(result.stderr)")
    #expect(try scratch.texts().first == "0941")
  }

  @Test func aClockWithoutTheServiceIsReachedBySendAndClear() throws {
    let runtime = try NixieProcess.temporaryFolder()
    let environment = ["XDG_RUNTIME_DIR": runtime.path]
    let scratch = try Scratch()
    let arguments = [
      "clock", "--backend", "sim", "--config", scratch.config, "--frames-log", scratch.frames,
      "--duration", "20", "--transition", "none",
    ]
    let (process, errors) = try ClockCommandTests.start(arguments, environment: environment)
    defer { process.terminate(); process.waitUntilExit() }
    let socket = runtime.path + "/nixie/control.sock"
    do {
      try Self.waitFor { FileManager.default.fileExists(atPath: socket) }
    } catch {
      process.terminate()
      Issue.record(
        "no socket at \(socket): \(String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))"
      )
      return
    }
    guard !FileManager.default.fileExists(atPath: "/run/nixie/control.sock") else { return }
    let sent = try NixieProcess.run(["send", "424242", "--seconds", "30"], environment: environment)
    #expect(sent.status == 0, "\(sent.stderr)")
    try Self.waitFor { (try? scratch.texts().map(ClockCommandTests.digits).contains("424242")) == true }
    let cleared = try NixieProcess.run(["send", "--clear"], environment: environment)
    #expect(cleared.status == 0, "\(cleared.stderr)")
    try Self.waitFor { (try? scratch.texts().last.map { ClockCommandTests.digits($0) != "424242" }) == true }
    #expect(try NixieProcess.run(["send", "--clear", "42"], environment: environment).status == 2)
  }

  /// Waits up to 10 s for `condition`, checking every 20 ms.
  static func waitFor(_ condition: () -> Bool) throws {
    let deadline = Date().addingTimeInterval(10)
    while !condition() {
      guard Date() < deadline else { throw WaitTimedOut() }
      Thread.sleep(forTimeInterval: 0.02)
    }
  }

  struct WaitTimedOut: Error {}
}
