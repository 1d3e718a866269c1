import Foundation
import Glibc
import NixieDisplay
import NixieSystem
import NixieText
import NixieTransitions
import Testing

/// Tube care as a user meets it (issue 33): `nixie clock --wear FILE` counts what the tubes
/// show into the file, a file it cannot read is kept aside, a killed clock leaves the last
/// whole file, and `nixie wear` prints the count.
struct WearCommandTests {
  /// 12:34 shown for about 2 s on the simulator's default board, its count in `wear`.
  static func runClock(wear: String, scratch: ClockCommandTests.Scratch) throws -> NixieProcess.Result {
    try NixieProcess.run(
      scratch.arguments([
        "--at", "2026-01-01T12:34:56Z", "--timezone", "UTC", "--format", "HH:mm", "--transition", "none",
        "--duration", "2", "--wear", wear,
      ]))
  }

  /// The JSON `nixie wear --json` prints for `file`.
  static func report(_ file: String) throws -> JSONValue {
    let result = try NixieProcess.run(["wear", "--file", file, "--json"])
    #expect(result.status == 0, "\(result.stderr)")
    return try JSONReader.read(Array(result.stdout.utf8))
  }

  /// Tube `tube`'s (0-based) seconds per cathode in `report`.
  static func seconds(_ report: JSONValue, tube: Int) -> [String: Double] {
    guard case .array(let tubes)? = report["tubes"], tube < tubes.count,
      case .object(let cathodes)? = tubes[tube]["cathodes"]
    else { return [:] }
    var seconds: [String: Double] = [:]
    for (name, value) in cathodes { seconds[name] = value.double ?? -1 }
    return seconds
  }

  @Test func theClockCountsWhatItShowsAndNixieWearPrintsIt() throws {
    let scratch = try ClockCommandTests.Scratch()
    let wear = scratch.folder.appendingPathComponent("wear.json").path
    let first = try Self.runClock(wear: wear, scratch: scratch)
    #expect(first.status == 0, "\(first.stderr)")
    let report = try Self.report(wear)
    // 1, 2, 3, 4 on the first four digit tubes (the third position is a separator), for the
    // 2 s the clock ran; every other digit dark.
    for (tube, digit) in [(0, "1"), (1, "2"), (3, "3"), (4, "4")] {
      let times = Self.seconds(report, tube: tube)
      let lit = times[digit] ?? 0
      #expect(lit > 1.5 && lit < 2.5, "tube \(tube + 1): \(times)")
      #expect(times.filter { $0.key != digit }.values.allSatisfy { $0 == 0 }, "tube \(tube + 1): \(times)")
    }
    // A second run counts on from the file.
    let second = try Self.runClock(wear: wear, scratch: scratch)
    #expect(second.status == 0, "\(second.stderr)")
    let after = Self.seconds(try Self.report(wear), tube: 0)["1"] ?? 0
    #expect(after > 3.5 && after < 4.5, "\(after)")
    let table = try NixieProcess.run(["wear", "--file", wear])
    #expect(table.status == 0)
    #expect(table.stdout.hasPrefix("tube 1  IN-14  glowed "), "\(table.stdout)")
    #expect(table.stdout.contains("  seconds: 0 0.0  1 "), "\(table.stdout)")
  }

  @Test(arguments: [
    ("garbage\u{1B}[2J", "the wear file is not JSON"),
    (
      #"{"version": 1, "tubes": [{"model": "IN-14", "cathodes": {"1": 5}}]}"#,
      "the wear file is from another board: it has 1 tubes, this board 8"
    ),
  ])
  func aFileItCannotReadIsKeptAsideAndCountingStartsAfresh(content: String, reason: String) throws {
    let scratch = try ClockCommandTests.Scratch()
    let wear = scratch.folder.appendingPathComponent("wear.json").path
    try content.write(toFile: wear, atomically: true, encoding: .utf8)
    // `nixie wear` knows no board: a file of one tube is a file of one tube to it.
    if !content.hasPrefix("{") {
      let refused = try NixieProcess.run(["wear", "--file", wear])
      #expect(refused.status == 65 && refused.stderr.contains(reason), "\(refused.stderr)")
      #expect(!refused.stderr.contains("\u{1B}"))
    }
    let result = try Self.runClock(wear: wear, scratch: scratch)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      result.stderr.contains("warning: \(wear): \(reason)")
        && result.stderr.contains("kept as \(wear).bad, tube care counts afresh"), "\(result.stderr)")
    #expect(!result.stderr.contains("\u{1B}"))
    #expect(try String(contentsOfFile: wear + ".bad", encoding: .utf8) == content)
    let lit = Self.seconds(try Self.report(wear), tube: 0)["1"] ?? 0
    #expect(lit > 1.5 && lit < 2.5)
  }

  /// SIGKILL between saves: the file is the last one written, whole, and nothing is left beside
  /// it — a temporary file a clock killed mid-write left (a process long gone) is removed at
  /// the next start.
  @Test func aKilledClockLeavesTheLastWholeFile() throws {
    let scratch = try ClockCommandTests.Scratch()
    let wear = scratch.folder.appendingPathComponent("wear.json").path
    #expect(try Self.runClock(wear: wear, scratch: scratch).status == 0)
    let before = try String(contentsOfFile: wear, encoding: .utf8)
    let leftover = wear + ".tmp-2147483646"
    try "{\"version\": 1, \"tub".write(toFile: leftover, atomically: false, encoding: .utf8)
    let (process, _) = try ClockCommandTests.start(scratch.arguments(["--wear", wear]))
    try FirstHourTests.waitFor { !FileManager.default.fileExists(atPath: leftover) }
    try FirstHourTests.waitFor { ((try? scratch.texts().count) ?? 0) > 0 }
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
    #expect(try String(contentsOfFile: wear, encoding: .utf8) == before)
    let beside = try FileManager.default.contentsOfDirectory(atPath: scratch.folder.path)
    #expect(beside.filter { $0.hasPrefix("wear.json.") } == [])
  }

  @Test func noFileYetIsExit69AndSaysWhen() throws {
    let result = try NixieProcess.run(["wear", "--file", "/nonexistent/wear.json"])
    #expect(result.status == 69)
    #expect(
      result.stderr.contains("no wear file at /nonexistent/wear.json yet: the clock writes it"),
      "\(result.stderr)")
  }
}
