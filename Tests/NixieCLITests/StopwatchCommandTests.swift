import Foundation
import Testing

/// The stopwatch through the command line: `nixie send --stopwatch start` shows `mm:ss.cc` on
/// a running clock, its hundredths moving on the wire; `stop` holds it; `reset` brings the
/// clock back; the state says which.
struct StopwatchCommandTests {
  @Test func startStopAndResetOnARunningClock() throws {
    let scratch = try ClockCommandTests.Scratch(config: "timezone: UTC\n")
    let (process, _) = try ClockCommandTests.start(scratch.arguments(["--duration", "120"]))
    defer {
      process.terminate()
      process.waitUntilExit()
    }
    let socket = scratch.socket
    func send(_ action: String) throws -> Int32 {
      try NixieProcess.run(["send", "--stopwatch", action, "--socket", socket]).status
    }
    func stopwatch() -> Any? { AlarmCommandTests.state(socket: socket)?["stopwatch"] }
    try FirstHourTests.waitFor { AlarmCommandTests.state(socket: socket) != nil }
    #expect(try send("start") == 0)
    try FirstHourTests.waitFor { stopwatch() as? String == "running" }
    // Hundredths on the wire: several frames of the stopwatch, a second's worth apart.
    try FirstHourTests.waitFor {
      let shown = (try? scratch.texts()) ?? []
      return Set(shown.filter { $0.hasPrefix("00:0") && $0.contains(".") }).count >= 20
    }
    #expect(try send("stop") == 0)
    try FirstHourTests.waitFor { stopwatch() as? String == "stopped" }
    #expect(AlarmCommandTests.state(socket: socket)?["activity"] as? String == "stopwatch")
    #expect(try send("reset") == 0)
    try FirstHourTests.waitFor { stopwatch() is NSNull }
    #expect(AlarmCommandTests.state(socket: socket)?["activity"] as? String == "clock")
    let bad = try NixieProcess.run(["send", "--stopwatch", "lap", "--socket", socket])
    #expect(bad.status == 2 && bad.stderr.contains("lap"), "\(bad.stderr)")
  }
}
