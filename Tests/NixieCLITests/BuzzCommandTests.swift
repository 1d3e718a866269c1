import Foundation
import NixieWireDecoders
import Testing

/// `nixie buzz` through the command line: a tune played once on the simulated NCS314's buzzer
/// (its `buzzer` wire in the trace, each edge at its time, silent at the end), exit 0; a board without a buzzer is
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
    // Not at a terminal the simulator plays in virtual time, so every edge is at its exact time
    // whatever the load. At 240 beats a minute a sixteenth lasts 62.5 ms: C6 (1046.50 Hz), a
    // rest, E6 (1318.51 Hz) from 125 ms. The NCS314's buzzer sounds when high; each cycle is a
    // silent half then a sounding one, so a note's rises come at 1, 3, 5 … half periods from
    // its start while that is inside the note: 65 for C6 and 82 for E6.
    var notes: [[UInt64]] = []
    for (previous, rise) in zip([UInt64(0)] + rises, rises) {
      if notes.isEmpty || rise - previous >= 20_000_000 { notes.append([]) }
      notes[notes.count - 1].append(rise)
    }
    try #require(notes.count == 2, "two notes, not \(notes.count): \(rises.count) rises")
    for (note, (start, hertz, cycles)) in zip(notes, [(0.0, 1046.50, 65), (125e6, 1318.51, 82)]) {
      let half = 5e8 / hertz
      #expect(note.count == cycles, "\(hertz) Hz: \(note.count) rises")
      for (index, rise) in note.enumerated() {
        let expected = start + Double(2 * index + 1) * half
        #expect(abs(Double(rise) - expected) < 1_000, "\(hertz) Hz: rise \(index) at \(rise) ns, not \(expected)")
      }
    }
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
