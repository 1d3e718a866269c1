import Foundation
import Testing

/// `nixie select` end to end on the simulator: input scripts drive the simulated gpiochip's
/// encoder lines, and the chosen value, exit code, events, frames and trace come out.
struct SelectCommandTests {
  /// Runs `nixie select --backend sim --input SCRIPT` with `arguments`.
  static func select(_ script: String, _ arguments: [String]) throws -> NixieProcess.Result {
    let folder = try NixieProcess.temporaryFolder()
    let file = folder.appendingPathComponent("knob.txt")
    try script.write(to: file, atomically: true, encoding: .utf8)
    return try NixieProcess.run(["select", "--backend", "sim", "--input", file.path] + arguments)
  }

  static func jsonLines(_ text: String) throws -> [[String: Any]] {
    try text.split(separator: "\n").filter { $0.hasPrefix("{") }.map {
      try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
    }
  }

  @Test(arguments: [
    ("120 cw 3\n300 press", ["a", "b", "c", "d", "e"], "d"),
    ("0 ccw 1\n100 press", ["1", "2", "3"], "3"),
    ("0 cw 4\n300 press", ["1", "2", "3"], "2"),
    ("0 ccw 1\n100 press", ["--no-wrap", "1", "2", "3"], "1"),
    ("0 cw 5\n300 press", ["--no-wrap", "1", "2", "3"], "3"),
    ("0 cw 1\n100 press", ["--initial", "1", "--disabled", "2,3", "0", "1", "2", "3", "4", "5"], "4"),
    ("0 ccw 1\n100 press", ["--disabled", "0", "0", "1", "2", "3"], "3"),
    ("50 press", ["--initial", "2", "x", "y", "z"], "z"),
    ("0 cw 1\n100 press", ["-5", "0", "5"], "0"),
    ("# nothing but a press\n\n10 press # short\n", ["only"], "only"),
  ])
  func aShortPressPrintsTheChosenValue(_ script: String, _ arguments: [String], _ chosen: String) throws {
    let result = try Self.select(script, arguments)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout == chosen + "\n")
  }

  @Test func aLongPressCancelsWithExitOneAndBlanksTheTubes() throws {
    let folder = try NixieProcess.temporaryFolder()
    let log = folder.appendingPathComponent("frames.jsonl")
    let result = try Self.select("0 cw 1\n100 hold 1500", ["--frames-log", log.path, "10", "20", "30"])
    #expect(result.status == 1)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.contains("cancelled by a long press"))
    let frames = try Self.jsonLines(String(contentsOf: log, encoding: .utf8))
    #expect(frames.map { $0["text"] as? String } == ["      10", "      20", "        "])
  }

  @Test func aScriptThatEndsWithoutAPressCancels() throws {
    let result = try Self.select("0 cw 2", ["a", "b", "c"])
    #expect(result.status == 1)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.contains("the input script ended without a press"))
  }

  @Test func theTimeoutCancelsAfterTheLastInput() throws {
    let result = try Self.select("0 cw 1\n1000 cw 1", ["--timeout", "2", "--events", "1", "2", "3", "4"])
    #expect(result.status == 1)
    #expect(result.stderr.contains("no turn or press for --timeout 2 s"))
    let events = try Self.jsonLines(result.stderr)
    #expect(events.last?["event"] as? String == "cancelled")
    #expect(events.last?["reason"] as? String == "timeout")
    #expect(events.last?["t_ms"] as? Double == 3030)
    let early = try Self.select("0 cw 1\n5000 press", ["--timeout", "2", "1", "2"])
    #expect(early.status == 1, "the press comes after the timeout")
  }

  @Test func eventsAreOneJSONLinePerChangeThenTheEnd() throws {
    let result = try Self.select("120 cw 3\n260 ccw 1\n400 press", ["--events", "a", "b", "c", "d"])
    #expect(result.status == 0)
    #expect(result.stdout == "c\n")
    let lines = result.stderr.split(separator: "\n").filter { $0.hasPrefix("{") }
    #expect(
      lines == [
        #"{"event": "changed", "index": 1, "value": "b", "cause": "turn", "t_ms": 150}"#,
        #"{"event": "changed", "index": 2, "value": "c", "cause": "turn", "t_ms": 190}"#,
        #"{"event": "changed", "index": 3, "value": "d", "cause": "turn", "t_ms": 230}"#,
        #"{"event": "changed", "index": 2, "value": "c", "cause": "turn", "t_ms": 290}"#,
        #"{"event": "confirmed", "index": 2, "value": "c", "t_ms": 485}"#,
      ])
  }

  @Test func theTubesShowTheValueOrElseEveryPosition() throws {
    let folder = try NixieProcess.temporaryFolder()
    let values = folder.appendingPathComponent("values.jsonl")
    let shown = try Self.select("0 cw 1\n100 press", ["--frames-log", values.path, "12:30", "7"])
    #expect(shown.status == 0)
    let texts = try Self.jsonLines(String(contentsOf: values, encoding: .utf8)).map { $0["text"] as? String }
    #expect(texts == ["12:30   ", "       7"])

    let positions = folder.appendingPathComponent("positions.jsonl")
    let counted = try Self.select(
      "0 cw 1\n100 press", ["--frames-log", positions.path, "7", "apple", "pear"])
    #expect(counted.status == 0)
    #expect(counted.stdout == "apple\n")
    #expect(counted.stderr.contains("the tubes show each value's position (1–3)"))
    let numbers = try Self.jsonLines(String(contentsOf: positions, encoding: .utf8)).map {
      $0["text"] as? String
    }
    #expect(numbers == ["       1", "       2"])
  }

  @Test func theTraceRecordsTheKnobLinesBesideTheDisplay() throws {
    let folder = try NixieProcess.temporaryFolder()
    let trace = folder.appendingPathComponent("select.vcd")
    let result = try Self.select("100 cw 2\n300 press", ["--trace", trace.path, "1", "2", "3"])
    #expect(result.status == 0)
    let vcd = try String(contentsOf: trace, encoding: .utf8)
    var codes: [String: String] = [:]
    for match in vcd.matches(of: /\$var wire 1 (\S+) (\w+) \$end/) {
      codes[String(match.2)] = String(match.1)
    }
    // (time, level) of every value of `wire`, the initial one at time 0.
    func changes(_ wire: String) -> [(UInt64, String)] {
      guard let code = codes[wire] else { return [] }
      var time: UInt64 = 0
      var out: [(UInt64, String)] = []
      for line in vcd.split(separator: "\n") {
        if line.hasPrefix("#") { time = UInt64(line.dropFirst()) ?? time }
        if line.count == 1 + code.count && line.hasSuffix(code) { out.append((time, String(line.prefix(1)))) }
      }
      return out
    }
    // Initial level, then per detent A closes and opens (active low), likewise B, 10 ms later.
    let a = changes("a")
    let b = changes("b")
    #expect(a.map(\.1) == ["1", "0", "1", "0", "1"])
    #expect(b.map(\.1) == ["1", "0", "1", "0", "1"])
    #expect(changes("sw").map(\.1) == ["1", "0", "1"])
    guard a.count == 5, b.count == 5 else { return }
    // Script time is trace time: edges 10 ms apart, detents 40 ms apart.
    #expect(b[1].0 - a[1].0 == 10_000_000)
    #expect(a[2].0 - a[1].0 == 20_000_000)
    #expect(a[3].0 - a[1].0 == 40_000_000)
  }

  @Test func bounceOnRawLevelsMakesOneStep() throws {
    let script = """
      100 a 0
      100.3 a 1
      100.6 a 0
      110 b 0
      110.2 b 1
      110.5 b 0
      120 a 1
      130 b 1
      130.4 b 0
      130.9 b 1
      200 sw 0
      200.5 sw 1
      201 sw 0
      260 sw 1
      """
    let result = try Self.select(script, ["x", "y", "z"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout == "y\n")
  }

  /// A board file like the default one with its encoder section changed.
  static func board(replacing old: String, with new: String) throws -> String {
    let printed = try NixieProcess.run(["boards", "print", "hv5622-6xin14"])
    let yaml = printed.stdout.replacingOccurrences(of: old, with: new)
    #expect(yaml != printed.stdout)
    let file = try NixieProcess.temporaryFolder().appendingPathComponent("board.yaml")
    try yaml.write(to: file, atomically: true, encoding: .utf8)
    return file.path
  }

  @Test func shorthandFollowsTheWiringWhileRawLevelsAreWhatTheyAre() throws {
    let reversed = try Self.board(replacing: "active: low\n", with: "active: low\n  reverse: true\n")
    let shorthand = try Self.select("0 cw 1\n100 press", ["--board", reversed, "1", "2", "3"])
    #expect(shorthand.stdout == "2\n", "\(shorthand.stderr)")
    // A closing first is clockwise on the reference wiring, counterclockwise when reversed.
    let aFirst = "0 a 0\n10 b 0\n20 a 1\n30 b 1\n100 press"
    #expect(try Self.select(aFirst, ["1", "2", "3"]).stdout == "2\n")
    #expect(try Self.select(aFirst, ["--board", reversed, "1", "2", "3"]).stdout == "3\n")
  }

  @Test func anActiveHighKnobRestsLow() throws {
    let high = try Self.board(
      replacing: "active: low\n  pull-up: true", with: "active: high\n  pull-up: false")
    let result = try Self.select("0 cw 2\n100 press", ["--board", high, "1", "2", "3"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout == "3\n")
    let raw = try Self.select(
      "0 a 1\n10 b 1\n20 a 0\n30 b 0\n100 sw 1\n200 sw 0", ["--board", high, "1", "2", "3"])
    #expect(raw.stdout == "2\n")
  }

  @Test func momentumCarriesAFastSpinOn() throws {
    var script = ""
    for k in 0..<5 {
      let t = k * 24
      script += "\(t) a 0\n\(t + 6) b 0\n\(t + 12) a 1\n\(t + 18) b 1\n"
    }
    script += "2000 press\n"
    let values = (0..<20).map(String.init)
    let plain = try Self.select(script, values)
    #expect(plain.stdout == "5\n")
    let carried = try Self.select(script, ["--momentum", "--events"] + values)
    #expect(carried.status == 0)
    let chosen = try #require(Int(carried.stdout.trimmingCharacters(in: .newlines)))
    #expect(chosen > 5)
    let causes = try Self.jsonLines(carried.stderr).compactMap { $0["cause"] as? String }
    #expect(causes.prefix(5) == ["turn", "turn", "turn", "turn", "turn"])
    #expect(causes.count == chosen && causes.dropFirst(5).allSatisfy { $0 == "momentum" })
  }

  @Test func aLongScriptRunsInVirtualTime() throws {
    // Ten minutes of script: a real-time run would hold the test up for that long.
    let result = try Self.select("0 cw 1\n600000 press", ["--events", "a", "b"])
    #expect(result.status == 0)
    #expect(result.stdout == "b\n")
    #expect(try Self.jsonLines(result.stderr).last?["t_ms"] as? Double == 600_085)
  }

  @Test func theScriptMayComeOnStandardInput() throws {
    let process = Process()
    process.executableURL = NixieProcess.binary
    process.arguments = ["select", "--backend", "sim", "--input", "-", "a", "b"]
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = Pipe()
    try process.run()
    input.fileHandleForWriting.write(Data("0 ccw 1\n100 press\n".utf8))
    try input.fileHandleForWriting.close()
    let stdout = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    #expect(String(decoding: stdout, as: UTF8.self) == "b\n")
  }

  @Test(arguments: [
    ("0 cw 1\n10 spin", 2, "unknown event 'spin'"),
    ("0 cw 3\n100 press", 2, "before line 1's 'cw 3' is over at 120 ms"),
    ("abc press", 1, "'abc' is not a time"),
    ("0 a 5", 1, "a level is 0 (low) or 1 (high)"),
  ])
  func aMalformedScriptExits65WithFileAndLine(_ script: String, _ line: Int, _ message: String) throws {
    let folder = try NixieProcess.temporaryFolder()
    let file = folder.appendingPathComponent("bad.txt")
    try script.write(to: file, atomically: true, encoding: .utf8)
    let result = try NixieProcess.run(["select", "--backend", "sim", "--input", file.path, "1", "2"])
    #expect(result.status == 65)
    #expect(result.stderr.hasPrefix("nixie: \(file.path):\(line): "), "\(result.stderr)")
    #expect(result.stderr.contains(message), "\(result.stderr)")
    #expect(result.stdout.isEmpty)
  }

  @Test(arguments: [
    ([String](), "missing the values"),
    (["--initial", "3", "a", "b"], "--initial 3 is outside the 2 values (0-based: 0…1)"),
    (["--initial", "-1", "a", "b"], "--initial -1"),
    (["--initial", "1", "--disabled", "1", "a", "b"], "--initial 1 is one of the --disabled values"),
    (["--disabled", "0,1", "a", "b"], "--disabled disables every value"),
    (["--disabled", "2", "a", "b"], "--disabled 2 is outside the 2 values"),
    (["--disabled", "1,,0", "a", "b"], "--disabled: '' is not a 0-based index"),
    (["--disabled", "one", "a", "b"], "--disabled: 'one'"),
    (["--timeout", "0", "a"], "--timeout"),
    (["--timeout", "soon", "a"], "soon"),
    (["--nonsense", "a"], "--nonsense"),
    (["--board", "mcp23017-4xin12", "a"], "--board mcp23017-4xin12 has no rotary encoder"),
  ])
  func badOptionsExitTwoNamingTheProblem(_ arguments: [String], _ named: String) throws {
    let result = try Self.select("0 press", arguments)
    #expect(result.status == 2, "\(result.stderr)")
    #expect(result.stderr.contains(named), "\(result.stderr)")
    #expect(!result.stderr.contains("Fatal error"))
    #expect(result.stdout.isEmpty)
  }

  @Test func inputMistakesExitTwo() throws {
    let missing = try NixieProcess.run([
      "select", "--backend", "sim", "--input", "/nonexistent/knob.txt", "a",
    ])
    #expect(missing.status == 2)
    #expect(missing.stderr.contains("--input: cannot read /nonexistent/knob.txt"))
    let none = try NixieProcess.run(["select", "--backend", "sim", "a"])
    #expect(none.status == 2)
    #expect(none.stderr.contains("the simulator's knob needs --input FILE"))
    let hardwareScript = try NixieProcess.run(["select", "--backend", "hardware", "--input", "x.txt", "a"])
    #expect(hardwareScript.status == 2)
  }

  @Test func hardwareWithoutAGPIOChipExits69SayingWhatToDo() throws {
    let result = try NixieProcess.run([
      "select", "--board", "hv5622-6xin14", "--backend", "hardware", "a", "b",
    ])
    #expect(result.status == 69)
    #expect(result.stderr.contains("raspberry-pi: open the GPIO chip: not found"), "\(result.stderr)")
    #expect(result.stderr.contains("--backend sim"))
  }
}
