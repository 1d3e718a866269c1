import Foundation
import NixieWireDecoders
import Testing

/// `nixie buzz` through the command line: a tune played once on the simulated NCS314's buzzer
/// (its `buzzer` wire in the trace, silent at the end), exit 0; a board without a buzzer is
/// unavailable (69) and says so; a tune that is not RTTTL is refused (65) with its column.
struct BuzzCommandTests {
  static func buzz(_ arguments: [String]) throws -> (result: NixieProcess.Result, vcd: String?) {
    let trace = try NixieProcess.temporaryFolder().appendingPathComponent("buzz.vcd")
    let result = try NixieProcess.run(["buzz", "--backend", "sim"] + arguments + ["--trace", trace.path])
    return (result, try? String(contentsOf: trace, encoding: .utf8))
  }

  @Test func aTunePlaysOnTheBuzzerWireAndEndsSilent() throws {
    let (result, vcd) = try Self.buzz(["--board", "ncs314", "--tune", "two:d=16,o=6,b=240:c,p,e"])
    #expect(result.status == 0, "\(result.stderr)")
    let trace = try LogicTrace(vcd: try #require(vcd))
    let buzzer = try trace.wire(WireNames.buzzer)
    let rises = trace.changes.filter { $0.wire == buzzer && $0.level == true && !$0.inSnapshot }.map(\.time)
    // C6 and E6 for 62.5 ms each, a rest between: about 66 and 82 cycles. Their exact edges are
    // BuzzerOnTheWireTests' (an injected clock); on the real clock a stall on a busy machine
    // skips edges (a gap, never a burst), so this counts no cycles but reads each note's pitch:
    // the median period of each run of rises between silences of 20 ms or more.
    var notes: [[UInt64]] = []
    for (previous, rise) in zip([UInt64(0)] + rises, rises) {
      if notes.isEmpty || rise - previous >= 20_000_000 { notes.append([]) }
      notes[notes.count - 1].append(rise)
    }
    let pitches = notes.filter { $0.count >= 10 }.map { note -> Double in
      let periods = zip(note, note.dropFirst()).map { $1 - $0 }.sorted()
      return 1e9 / Double(periods[periods.count / 2])
    }
    #expect(pitches.contains { abs($0 / 1046.50 - 1) < 0.02 }, "C6 among \(pitches) Hz")
    #expect(pitches.contains { abs($0 / 1318.51 - 1) < 0.02 }, "E6 among \(pitches) Hz")
    #expect(rises.count <= 155, "\(rises.count) cycles")
    #expect(trace.level(of: buzzer, at: trace.endTime) == false)
  }

  @Test func aBuiltInTuneByName() throws {
    let (result, _) = try Self.buzz(["--board", "ncs314", "--tune", "timer"])
    #expect(result.status == 0, "\(result.stderr)")
  }

  @Test func aBoardWithoutABuzzerIsUnavailable() throws {
    let (result, _) = try Self.buzz(["--board", "hv5622-6xin14"])
    #expect(result.status == 69)
    #expect(result.stderr.contains("hv5622-6xin14 has no buzzer"), "\(result.stderr)")
  }

  @Test func aTuneThatIsNotRTTTLIsRefusedWithItsColumn() throws {
    let (result, _) = try Self.buzz(["--board", "ncs314", "--tune", "x:d=4,o=5,b=120:c,z"])
    #expect(result.status == 65)
    #expect(result.stderr.contains("column 19"), "\(result.stderr)")
    let (unknown, _) = try Self.buzz(["--board", "ncs314", "--tune", "fanfare"])
    #expect(unknown.status == 65)
    #expect(unknown.stderr.contains("no built-in tune"), "\(unknown.stderr)")
  }
}
