import Foundation
import NixieWireDecoders
import Testing

/// Alarms through the command line (issue 32), on the simulated NCS314 with its buzzer and
/// buttons: an alarm a second after the clock's start rings on the `buzzer` wire; a short press
/// of a button snoozes it, a hold of a second stops it, and neither does anything else; the
/// control socket snoozes, stops and skips, and the state reports the bell and the next ring.
struct AlarmCommandTests {
  /// 07:00:00 in Berlin on a Monday; the alarm at 07:00:01.
  static let start = ["--at", "2026-12-07T07:00:00", "--timezone", "Europe/Berlin"]
  static let config = """
    board: ncs314
    alarms:
      - {at: "07:00:01", snooze: 1m, ring-for: 1m}

    """

  /// The clock for `seconds` with `script` on its buttons, traced; its result and trace.
  static func run(script: String, seconds: String) throws -> (NixieProcess.Result, LogicTrace) {
    let scratch = try ClockCommandTests.Scratch(config: config)
    let input = scratch.folder.appendingPathComponent("buttons.txt").path
    try script.write(toFile: input, atomically: true, encoding: .utf8)
    let trace = scratch.folder.appendingPathComponent("clock.vcd").path
    let result = try NixieProcess.run(
      scratch.arguments(start + ["--input", input, "--trace", trace, "--duration", seconds, "-v"]))
    return (result, try LogicTrace(vcd: try String(contentsOfFile: trace, encoding: .utf8)))
  }

  /// When the buzzer's line rose, in seconds from the trace's start.
  static func rises(_ trace: LogicTrace) throws -> [Double] {
    let buzzer = try trace.wire(WireNames.buzzer)
    return trace.changes.filter { $0.wire == buzzer && $0.level == true && !$0.inSnapshot }.map {
      Double($0.time) / 1e9
    }
  }

  @Test func aShortPressSnoozesTheRingingAlarmAndDoesNothingElse() throws {
    let (result, trace) = try Self.run(script: "3000 press mode\n", seconds: "5")
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.contains("alarm 1 (07:00:01) rings: beeps"), "\(result.stderr)")
    #expect(result.stderr.contains("alarm 1 (07:00:01) snoozed until 2026-12-07 07:01:0"), "\(result.stderr)")
    #expect(!result.stderr.contains("next face"), "\(result.stderr)")
    let rises = try Self.rises(trace)
    let first = try #require(rises.first)
    let last = try #require(rises.last)
    // It rang (C7, 2 093 Hz, in eighths) until the press, then was silent to the end.
    #expect(rises.count > 200, "\(rises.count) cycles")
    #expect(Double(trace.endTime) / 1e9 - last > 1, "rang until \(last) s of \(Double(trace.endTime) / 1e9)")
    #expect(last - first < 3, "rang from \(first) s to \(last) s")
    #expect(trace.level(of: try trace.wire(WireNames.buzzer), at: trace.endTime) == false)
  }

  @Test func aHoldOfASecondStopsItAndStepsNoBrightness() throws {
    let (result, trace) = try Self.run(script: "3000 hold 1500 down\n", seconds: "6")
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.contains("alarm 1 (07:00:01) stopped: asked to"), "\(result.stderr)")
    #expect(!result.stderr.contains("debug: brightness"), "\(result.stderr)")
    #expect(!result.stderr.contains("snoozed"), "\(result.stderr)")
    let last = try #require(try Self.rises(trace).last)
    #expect(Double(trace.endTime) / 1e9 - last > 1.5, "rang until \(last) s")
  }

  /// `--speed 20`: the minute's snooze passes in three seconds, and the alarm rings again;
  /// its tune keeps real time (its rests as long as at real speed).
  @Test func atSpeedASnoozeIsWatchedInSeconds() throws {
    let scratch = try ClockCommandTests.Scratch(config: Self.config)
    let input = scratch.folder.appendingPathComponent("buttons.txt").path
    // 1 s real is 20 s of the clock: the press at 07:00:20, the snooze until 07:01:20, 3 s later.
    try "1000 press mode\n".write(toFile: input, atomically: true, encoding: .utf8)
    let path = scratch.folder.appendingPathComponent("clock.vcd").path
    let result = try NixieProcess.run(
      scratch.arguments(
        Self.start + ["--speed", "20", "--input", input, "--trace", path, "--duration", "5.5", "-v"]))
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.contains("alarm 1 (07:00:01) snoozed until 2026-12-07 07:01:2"), "\(result.stderr)")
    #expect(result.stderr.contains("alarm 1 (07:00:01) rings again after its snooze"), "\(result.stderr)")
    let trace = try LogicTrace(vcd: try String(contentsOfFile: path, encoding: .utf8))
    let rises = try Self.rises(trace)
    // The snooze is the longest silence: 3 s at this speed, where the tune rests 187.5 ms at
    // most. It begins no sooner than the press, 1 s in; when after it a busy machine decides
    // (under ASan beside two CPU hogs the alarm rang on 0.4 s past the press), and the snooze
    // is counted from there. What a press does at which instant is ClockAlarmsTests' and
    // AlarmBellTests' (an injected clock).
    let gaps = zip(rises, rises.dropFirst()).map { (from: $0, to: $1) }
    let snooze = try #require(gaps.max { $0.to - $0.from < $1.to - $1.from })
    #expect(snooze.to - snooze.from > 2, "the longest silence was \(snooze.from) s to \(snooze.to) s")
    #expect(snooze.from > 0.9, "silent from \(snooze.from) s, before the press at 1 s")
    let again = rises.filter { $0 >= snooze.to }
    #expect(again.count > 100, "rang \(again.count) cycles after the snooze")
    // The tune at real speed: its rests (eighths, 187.5 ms at 160 bpm) are as long as ever,
    // where a tune sped up twenty times would rest 9 ms. (A busy machine only adds gaps, so
    // the check is on the longest silence between rises while it first rang.)
    let first = rises.filter { $0 <= snooze.from }
    let longest = zip(first, first.dropFirst()).map { $1 - $0 }.max() ?? 0
    #expect(longest > 0.12, "the longest rest lasted \(longest) s")
  }

  /// The state's `alarm`, read with `nixie send --status`.
  static func bell(socket: String) -> String? {
    guard let status = try? NixieProcess.run(["send", "--status", "--socket", socket]), status.status == 0,
      let object = try? JSONSerialization.jsonObject(with: Data(status.stdout.utf8)) as? [String: Any],
      let alarm = object["alarm"] as? [String: Any]
    else { return nil }
    return alarm["bell"] as? String
  }

  @Test func theControlSocketSnoozesStopsAndSkipsAndTheStateSaysSo() throws {
    let scratch = try ClockCommandTests.Scratch(config: Self.config)
    let (process, errors) = try ClockCommandTests.start(
      scratch.arguments(Self.start + ["--duration", "120"]))
    defer {
      process.terminate()
      process.waitUntilExit()
    }
    let socket = scratch.socket
    func send(_ action: String) throws -> NixieProcess.Result {
      try NixieProcess.run(["send", "--alarm", action, "--socket", socket])
    }
    do {
      try FirstHourTests.waitFor { Self.bell(socket: socket) == "ringing" }
    } catch {
      process.terminate()
      Issue.record(
        "never rang: \(String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))")
      return
    }
    #expect(try send("snooze").status == 0)
    try FirstHourTests.waitFor { Self.bell(socket: socket) == "snoozed" }
    let again = try send("snooze")
    #expect(again.status == 2 && again.stderr.contains("snoozed already"), "\(again.stderr)")
    #expect(try send("stop").status == 0)
    try FirstHourTests.waitFor { Self.bell(socket: socket) == "silent" }
    let none = try send("stop")
    #expect(none.status == 2 && none.stderr.contains("no alarm rings"), "\(none.stderr)")
    // Tomorrow's ring is the next; skipped, the one after it is.
    let status = try NixieProcess.run(["send", "--status", "--socket", socket])
    #expect(status.stdout.contains(#""next": "2026-12-08T06:00:01Z""#), "\(status.stdout)")
    #expect(try send("skip-next").status == 0)
    try FirstHourTests.waitFor {
      (try? NixieProcess.run(["send", "--status", "--socket", socket]))?.stdout.contains(
        #""next": "2026-12-09T06:00:01Z""#) == true
    }
    let bad = try NixieProcess.run(["send", "--alarm", "doze", "--socket", socket])
    #expect(bad.status == 2 && bad.stderr.contains("doze"), "\(bad.stderr)")
  }

  /// The state's members, read with `nixie send --status`.
  static func state(socket: String) -> [String: Any]? {
    guard let status = try? NixieProcess.run(["send", "--status", "--socket", socket]), status.status == 0
    else {
      return nil
    }
    return try? JSONSerialization.jsonObject(with: Data(status.stdout.utf8)) as? [String: Any]
  }

  @Test func aCountdownShowsItsTimeLeftRingsAtZeroAndIsCancelled() throws {
    let scratch = try ClockCommandTests.Scratch(config: "timezone: UTC\n")
    let (process, _) = try ClockCommandTests.start(
      scratch.arguments(["--duration", "120", "--transition", "none"]))
    defer {
      process.terminate()
      process.waitUntilExit()
    }
    let socket = scratch.socket
    try FirstHourTests.waitFor { Self.state(socket: socket) != nil }
    let bad = try NixieProcess.run(["send", "--countdown", "25h", "--socket", socket])
    #expect(bad.status == 2 && bad.stderr.contains("--countdown must be a duration"), "\(bad.stderr)")
    #expect(try NixieProcess.run(["send", "--countdown", "3s", "--socket", socket]).status == 0)
    try FirstHourTests.waitFor {
      (Self.state(socket: socket)?["alarm"] as? [String: Any])?["timer"] as? Bool == true
    }
    // The frames showed the seconds going down to zero, each for about a second.
    let shown = try scratch.texts().map(ClockCommandTests.digits)
    for left in ["000003", "000002", "000001", "000000"] {
      #expect(shown.contains(left), "\(left) never shown")
    }
    #expect(Self.state(socket: socket)?["activity"] as? String == "countdown")
    #expect(try NixieProcess.run(["send", "--countdown", "0", "--socket", socket]).status == 0)
    try FirstHourTests.waitFor { Self.state(socket: socket)?["countdown"] is NSNull }
    #expect((Self.state(socket: socket)?["alarm"] as? [String: Any])?["bell"] as? String == "silent")
  }

  @Test func aCountdownSurvivesARestartOfTheClock() throws {
    let scratch = try ClockCommandTests.Scratch(config: "timezone: UTC\n")
    let state = scratch.folder.appendingPathComponent("state").path
    try FileManager.default.createDirectory(atPath: state, withIntermediateDirectories: true)
    let environment = ["STATE_DIRECTORY": state]
    let socket = scratch.socket
    func ends() -> String? {
      (Self.state(socket: socket)?["countdown"] as? [String: Any])?["ends"] as? String
    }

    let (first, _) = try ClockCommandTests.start(
      scratch.arguments(["--duration", "120"]), environment: environment)
    try FirstHourTests.waitFor { Self.state(socket: socket) != nil }
    #expect(try NixieProcess.run(["send", "--countdown", "1h", "--socket", socket]).status == 0)
    try FirstHourTests.waitFor { ends() != nil }
    let before = try #require(ends())
    first.terminate()
    first.waitUntilExit()
    let file = try String(contentsOfFile: state + "/countdown.json", encoding: .utf8)
    #expect(file.contains(#""ends": "\#(before)""#), "\(file)")

    let (second, errors) = try ClockCommandTests.start(
      scratch.arguments(["--duration", "120"]), environment: environment)
    defer {
      second.terminate()
      second.waitUntilExit()
    }
    try FirstHourTests.waitFor { ends() != nil }
    #expect(ends() == before)
    #expect(try NixieProcess.run(["send", "--countdown", "0", "--socket", socket]).status == 0)
    try FirstHourTests.waitFor { ends() == nil && Self.state(socket: socket) != nil }
    #expect(!FileManager.default.fileExists(atPath: state + "/countdown.json"))
    _ = errors
  }
}
