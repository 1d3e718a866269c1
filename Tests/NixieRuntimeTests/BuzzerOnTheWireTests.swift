import NixieAlarms
import NixieBoardModel
import NixieBoards
import NixiePictures
import NixieRuntime
import NixieSimulator
import NixieSystem
import NixieWireDecoders
import Testing

/// `BuzzerPlayer` on the simulated NCS314's gpiochip, its `buzzer` wire traced and read back by
/// a decoder of its own (`BuzzerWireReading`) against the notes the RTTTL format defines
/// (`RTTTLReference`, not nixie's parser or pitch table): every note's pitch within 1 %, every
/// note's and rest's length within 5 ms — a passive buzzer's square wave, an active one (here
/// active low) on and off. The clock is a `ManualClock`: the tune plays in no real time.
struct BuzzerOnTheWireTests {
  /// Collects the trace.
  final class Text: TextOutputStream {
    var text = ""
    func write(_ string: String) { text += string }
  }

  /// The NCS314 profile with its buzzer made `kind` and active `level`.
  static func board(kind: String, level: String) throws -> BoardProfile {
    let yaml = try BoardCatalog.builtInYAML(named: "ncs314")
      .replacingOccurrences(of: "  kind: passive\n", with: "  kind: \(kind)\n")
      .replacingOccurrences(
        of: "buzzer:\n  line: 17\n  active: high\n", with: "buzzer:\n  line: 17\n  active: \(level)\n")
    return try BoardCatalog.parse(yaml, file: "ncs314.yaml")
  }

  /// Plays `rtttl` once on `board`'s buzzer and returns the trace, its time 0 the tune's start.
  static func play(_ rtttl: String, on board: BoardProfile) throws -> (trace: LogicTrace, end: UInt64) {
    let clock = ManualClock(start: 5_000_000)
    let sim = try SimulatedBoard(board: board, clock: clock)
    let text = Text()
    let trace = VCDWriter(
      output: text, roles: sim.gpio.roles, levels: sim.gpio.levels, origin: clock.now(), comment: "buzz")
    sim.gpio.addObserver(trace)
    let wiring = try #require(board.buzzer)
    let player = BuzzerPlayer(lines: try sim.openBuzzer(wiring), wiring: wiring, clock: clock)
    let tune = try RTTTLParser.parse(rtttl)
    try player.play(tune)
    #expect(player.waitUntilSilent(deadline: SystemClock().now() + 20_000_000_000), "the tune did not end")
    let end = clock.now()
    player.shutDown()
    trace.finish(at: clock.now())
    return (try LogicTrace(vcd: text.text), end - 5_000_000)
  }

  @Test func aPassiveBuzzersNotesHaveTheirPitchesAndLengths() throws {
    let rtttl = "wire:d=8,o=5,b=125:c,e,g,4p,c6,16a#,f#.,p,b4,16d7,32p,e.6,g4,p"
    let board = try Self.board(kind: "passive", level: "high")
    let (trace, end) = try Self.play(rtttl, on: board)
    let expected = try #require(RTTTLReference.notes(rtttl))
    let sounding = expected.filter { $0.hertz != nil }
    let heard = try BuzzerWireReading(trace: trace, activeHigh: true, origin: 0).notes
    try #require(heard.count == sounding.count, "\(heard.map(\.hertz))")
    for (note, sound) in zip(sounding, heard) {
      let pitch = try #require(note.hertz)
      let measured = try #require(sound.hertz)
      #expect(abs(measured - pitch) <= pitch * 0.01, "\(measured) Hz for \(pitch) Hz")
      #expect(abs(sound.start - note.start) <= 5, "a note at \(sound.start) ms, not \(note.start)")
      #expect(abs((sound.end - sound.start) - (note.end - note.start)) <= 5, "at \(note.start) ms")
    }
    Self.checkRests(expected, heard: heard)
    #expect(abs(Double(end) / 1e6 - (expected.last?.end ?? 0)) <= 5, "the tune ended at \(end) ns")
    #expect(trace.level(of: try trace.wire(WireNames.buzzer), at: trace.endTime) == false)
  }

  @Test func anActiveLowBuzzerIsOnForEachStretchOfNotes() throws {
    let rtttl = "on:d=8,o=5,b=125:c,e,p,4g,16p,c6,d6,2p,a"
    let board = try Self.board(kind: "active", level: "low")
    let (trace, _) = try Self.play(rtttl, on: board)
    let expected = try #require(RTTTLReference.notes(rtttl))
    var stretches: [RTTTLReference.Note] = []
    for note in expected where note.hertz != nil {
      if let last = stretches.last, last.end == note.start {
        stretches[stretches.count - 1].end = note.end
      } else {
        stretches.append(note)
      }
    }
    let heard = try BuzzerWireReading(trace: trace, activeHigh: false, origin: 0).stretches
    try #require(heard.count == stretches.count, "\(heard.map(\.start))")
    for (stretch, sound) in zip(stretches, heard) {
      #expect(abs(sound.start - stretch.start) <= 5 && abs(sound.end - stretch.end) <= 5, "\(sound)")
    }
    Self.checkRests(expected, heard: heard)
    #expect(trace.level(of: try trace.wire(WireNames.buzzer), at: trace.endTime) == true)
  }

  /// Each rest is silence, as long as it should be: nothing sounds inside it, and the sounds
  /// around it (when it is between two) are its length apart.
  static func checkRests(_ expected: [RTTTLReference.Note], heard: [BuzzerWireReading.Sound]) {
    for (index, rest) in expected.enumerated() where rest.hertz == nil {
      let inside = heard.filter { $0.end > rest.start + 5 && $0.start < rest.end - 5 }
      #expect(inside.isEmpty, "a sound in the rest at \(rest.start) ms")
      guard index > 0, index + 1 < expected.count, expected[index + 1].hertz != nil else { continue }
      guard let before = heard.last(where: { $0.end <= rest.start + 5 }),
        let after = heard.first(where: { $0.start >= rest.end - 5 })
      else {
        Issue.record("no sound around the rest at \(rest.start) ms")
        continue
      }
      #expect(abs((after.start - before.end) - (rest.end - rest.start)) <= 5, "the rest at \(rest.start) ms")
    }
  }
}
