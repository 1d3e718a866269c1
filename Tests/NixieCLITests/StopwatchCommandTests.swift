import Foundation
import Testing

/// The stopwatch through the command line: `nixie send --stopwatch start` shows `mm:ss.cc` on
/// a running clock, its hundredths moving on the wire; `stop` holds it; `reset` brings the
/// clock back; the state says which. The knob does the same: a double press, a press, a hold.
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

  @Test func theKnobsDoublePressStartsItAPressStopsItAndAHoldResetsIt() throws {
    let scratch = try ClockCommandTests.Scratch(config: "timezone: UTC\n")
    let script = scratch.folder.appendingPathComponent("knob.txt").path
    try "500 press\n800 press\n2500 press\n3500 hold 1500\n".write(
      toFile: script, atomically: true, encoding: .utf8)
    let result = try NixieProcess.run(
      scratch.arguments([
        "--at", "2026-07-20T12:00:00", "--input", script, "--duration", "6.5", "--transition", "none", "-v",
      ]))
    #expect(result.status == 0, "\(result.stderr)")
    let log = result.stderr
    let start = try #require(log.range(of: "stopwatch start"), "\(log)")
    let stop = try #require(log.range(of: "stopwatch stop"), "\(log)")
    let reset = try #require(log.range(of: "stopwatch reset"), "\(log)")
    #expect(start.upperBound <= stop.lowerBound && stop.upperBound <= reset.lowerBound, "\(log)")
    #expect(!log.contains("night mode"), "\(log)")
    // On the tubes: the clock, the stopwatch's hundredths (held once stopped), the clock again.
    let texts = try scratch.texts().filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
    let stopwatch = texts.indices.filter { texts[$0].hasPrefix("00:0") && texts[$0].contains(".") }
    let first = try #require(stopwatch.first)
    let last = try #require(stopwatch.last)
    #expect(Set(stopwatch.map { texts[$0] }).count >= 20, "\(stopwatch.count) stopwatch frames")
    // (Digits only: the clock's separators blink while this machine's clock is unsynchronised.)
    let clock = { (text: String) in ClockCommandTests.digits(text).hasPrefix("12000") }
    #expect(texts[..<first].contains(where: clock), "\(texts)")
    #expect(texts[(last + 1)...].contains(where: clock), "\(texts)")
  }
}
