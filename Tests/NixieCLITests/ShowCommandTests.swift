import Foundation
import Testing

/// `nixie show` as a user runs it: output, files and exit codes of docs/INTERFACE.md.
struct ShowCommandTests {
  static func text(_ arguments: [String]) throws -> String? {
    let result = try NixieProcess.run(["show", "--backend", "sim", "--json"] + arguments)
    guard result.status == 0 else { return nil }
    let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
    return object?["text"] as? String
  }

  @Test(arguments: [
    (["7"], "       7"), (["654321"], "65 43 21"), (["09:41:00"], "09:41:00"),
    (["--pad", "zero", "42"], "00 00 42"), (["1.5", "--decimals", "2"], "    1.50"),
    (["9.75", "--decimals", "1"], "    9.8 "), (["--lenient", "12-4"], "12  4   "),
    (["--", "12:34"], "12:34   "), ([""], "        "),
  ])
  func showsTheIssueExamples(_ arguments: [String], _ expected: String) throws {
    #expect(try Self.text(arguments) == expected)
  }

  @Test func jsonIsTheResolvedDisplayState() throws {
    let result = try NixieProcess.run(["show", "--backend", "sim", "--json", "12:3456"])
    #expect(result.status == 0)
    #expect(
      result.stdout
        == #"{"board": "hv5622-6xin14", "positions": [["1"], ["2"], ["upper", "lower"], ["3"], ["4"], [], ["5"], ["6"]], "text": "12:34 56"}"#
        + "\n")
    #expect(result.stderr.isEmpty)
  }

  @Test(arguments: [
    (["12-4"], "'-'"), (["-5"], "negative number"), (["1234567"], "needs 7 tubes"),
    (["12345.6"], "'.'"), (["--decimals", "-1", "5"], "--decimals"),
    (["--pad", "sideways", "5"], "sideways"),
    (["--transition", "wobble", "5"], "wobble"), (["--nonsense", "5"], "--nonsense"),
    (["--fade-ms", "-1", "5"], "--fade-ms"), (["--fade-ms", "60001", "5"], "--fade-ms"),
    (["--curve", "wobbly", "5"], "wobbly"), (["--brightness", "150", "--hold", "1", "5"], "--brightness"),
    (["--brightness", "50", "5"], "needs --hold"), (["--from", "-5", "5"], "--from: "),
    (["--from", "1234567", "5"], "--from: "),
    (["5", "6"], "expected one value"),
    ([], "missing the value"), (["--hold", "-1", "5"], "--hold"),
    (["--board", "nosuch", "5"], "--board nosuch"),
    (["--backend", "quantum", "5"], "quantum"),
  ])
  func badValuesAndOptionsExitTwoNamingTheProblem(_ arguments: [String], _ named: String) throws {
    let result = try NixieProcess.run(["show", "--backend", "sim"] + arguments)
    #expect(result.status == 2, "\(result.stderr)")
    #expect(result.stderr.contains(named), "\(result.stderr)")
    #expect(!result.stderr.contains("Fatal error"))
    #expect(result.stdout.isEmpty)
  }

  @Test func aBrokenBoardFileExits65WithFileAndLine() throws {
    let folder = try NixieProcess.temporaryFolder()
    let file = folder.appendingPathComponent("board.yaml")
    try "name: b\nchips:\n  model: HV5622\n  cuont: 2\ngpio: {chip: c, din: 1, clk: 2, le: 3}\ndisplay: []\n"
      .write(to: file, atomically: true, encoding: .utf8)
    let result = try NixieProcess.run(["show", "--backend", "sim", "--board", file.path, "5"])
    #expect(result.status == 65)
    #expect(
      result.stderr.contains("\(file.path):4:3: unknown key 'cuont' in chips (did you mean 'count'?)"),
      "\(result.stderr)")
  }

  @Test func aProfileFileWorksLikeABuiltInBoard() throws {
    let printed = try NixieProcess.run(["boards", "print", "hv5622-6xin14"])
    let folder = try NixieProcess.temporaryFolder()
    let file = folder.appendingPathComponent("mine.yaml")
    try printed.stdout.replacingOccurrences(of: "name: hv5622-6xin14", with: "name: mine")
      .write(to: file, atomically: true, encoding: .utf8)
    let result = try NixieProcess.run(["show", "--backend", "sim", "--json", "--board", file.path, "42"])
    #expect(result.status == 0)
    #expect(result.stdout.contains(#""board": "mine""#))
  }

  @Test(.enabled(if: !FileManager.default.fileExists(atPath: "/dev/gpiochip0"), "this machine has GPIO"))
  func hardwareWithoutAGPIOChipExits69SayingWhatToDo() throws {
    let result = try NixieProcess.run(["show", "--board", "hv5622-6xin14", "--backend", "hardware", "5"])
    #expect(result.status == 69)
    #expect(
      result.stderr.hasPrefix(NixieProcess.noHeaderChip), "\(result.stderr)"
    )
    #expect(result.stderr.contains("gpiodetect"))
    #expect(result.stderr.contains("--backend sim"))
  }

  @Test func framesLogRecordsEachFrameThatReachedTheTubes() throws {
    let folder = try NixieProcess.temporaryFolder()
    let log = folder.appendingPathComponent("frames.jsonl")
    let result = try NixieProcess.run([
      "show", "--backend", "sim", "--transition", "none", "--frames-log", log.path, "--hold", "0.2",
      "09:41:00",
    ])
    #expect(result.status == 0, "\(result.stderr)")
    let lines = try String(contentsOf: log, encoding: .utf8).split(separator: "\n")
    #expect(lines.count == 2)
    let frames = try lines.map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any] }
    #expect(frames[0]["text"] as? String == "09:41:00")
    #expect(frames[0]["board"] as? String == "hv5622-6xin14")
    #expect((frames[0]["outputs"] as? [Int]) == [9, 18, 20, 21, 25, 32, 42, 43, 53, 63])
    #expect(frames[1]["text"] as? String == "        ")
    #expect((frames[1]["outputs"] as? [Int]) == [])
    let t = try #require(frames[0]["t"] as? String)
    #expect(t.wholeMatch(of: /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z/) != nil)
    let first = try #require(frames[0]["mono_ns"] as? Int)
    let second = try #require(frames[1]["mono_ns"] as? Int)
    #expect(second - first >= 200_000_000)
    let keys = lines[0].matches(of: #/"(\w+)": /#).map { String($0.1) }
    #expect(keys == ["board", "positions", "text", "t", "mono_ns", "outputs"])
  }

  @Test func traceIsAValueChangeDumpOfTheBitBangedFrame() throws {
    let folder = try NixieProcess.temporaryFolder()
    let trace = folder.appendingPathComponent("show.vcd")
    let result = try NixieProcess.run([
      "show", "--backend", "sim", "--transition", "none", "--trace", trace.path, "1",
    ])
    #expect(result.status == 0, "\(result.stderr)")
    let vcd = try String(contentsOf: trace, encoding: .utf8)
    #expect(vcd.contains("$timescale 1 ns $end"))
    let clock = try #require(vcd.firstMatch(of: /\$var wire 1 (\S+) clk \$end/)).1
    let risingClockEdges = vcd.split(separator: "\n").filter { $0 == "1" + clock }.count
    #expect(risingClockEdges == 64)
  }

  @Test func anUnwritableTraceFileIsABadOption() throws {
    let result = try NixieProcess.run(["show", "--backend", "sim", "--trace", "/nonexistent/dir/t.vcd", "1"])
    #expect(result.status == 2)
    #expect(result.stderr.contains("--trace: cannot write /nonexistent/dir/t.vcd"))
  }

  @Test func withoutATerminalNothingIsDrawn() throws {
    let result = try NixieProcess.run(["show", "--backend", "sim", "5"])
    #expect(result.status == 0)
    #expect(result.stdout.isEmpty)
  }
}
