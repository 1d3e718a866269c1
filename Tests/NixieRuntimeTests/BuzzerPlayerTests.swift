import NixieAlarms
import NixieBoardModel
import NixieBoards
import NixieCore
import NixieRuntime
import NixieSimulator
import NixieSystem
import NixieTransports
import Testing

/// The player's promises beyond the wave: `stop()` silences a repeating tune at once and
/// leaves the line inactive; after a tune the thread waits for nothing (the manual clock does
/// not move on its own); a board without the line is unavailable.
struct BuzzerPlayerTests {
  static func board() throws -> (BoardProfile, BuzzerWiring) {
    let board = try BoardCatalog.load(.builtIn("ncs314"))
    return (board, try #require(board.buzzer))
  }

  @Test func stopSilencesARepeatingTuneAtOnce() throws {
    let (board, wiring) = try Self.board()
    let clock = ManualClock()
    let sim = try SimulatedBoard(board: board, clock: clock)
    let player = BuzzerPlayer(lines: try sim.openBuzzer(wiring), wiring: wiring, clock: clock)
    defer { player.shutDown() }
    try player.play(try RTTTLParser.parse("r:d=16,o=6,b=200:c,e,g"), repeat: true)
    // A repeating tune never ends by itself: the wait runs out, the tune still playing.
    #expect(!player.waitUntilSilent(deadline: SystemClock().now() + 100_000_000))
    #expect(player.isSounding)
    player.stop()
    #expect(!player.isSounding)
    #expect(!sim.gpio.levels.contains(.role(.buzzer)))
    let writes = sim.gpio.writeCount
    try player.play(try RTTTLParser.parse("s:d=4,o=5,b=120:p"))
    #expect(player.waitUntilSilent(deadline: SystemClock().now() + 5_000_000_000))
    #expect(sim.gpio.writeCount == writes, "a rest wrote to the line")
    #expect(!sim.gpio.levels.contains(.role(.buzzer)))
  }

  @Test func aTunePlayedOnceEndsSilentAndTheClockStops() throws {
    let (board, wiring) = try Self.board()
    let clock = ManualClock()
    let sim = try SimulatedBoard(board: board, clock: clock)
    let player = BuzzerPlayer(lines: try sim.openBuzzer(wiring), wiring: wiring, clock: clock)
    defer { player.shutDown() }
    try player.play(try RTTTLParser.parse("o:d=8,o=6,b=120:a,p,c7"))
    #expect(player.waitUntilSilent(deadline: SystemClock().now() + 5_000_000_000))
    #expect(!sim.gpio.levels.contains(.role(.buzzer)))
    player.shutDown()
    // Had the silent thread waited for any deadline, the manual clock would have jumped there.
    #expect(clock.now() == 750_000_000)
  }

  @Test func theSimulatorHasNoBuzzerLineForABoardWithout() throws {
    let board = try BoardCatalog.load(.builtIn("hv5622-6xin14"))
    let sim = try SimulatedBoard(board: board, clock: ManualClock())
    #expect(throws: NixieError.self) {
      _ = try sim.openBuzzer(BuzzerWiring(chip: "gpiochip0", line: 5, activeHigh: true))
    }
  }
}

/// A `ToneOutput` (the kernel's PWM) is told each note's pitch at the note's start and to be
/// silent at each rest and at the end: one write a note, none a cycle.
struct BuzzerToneOutputTests {
  final class RecordingTone: ToneOutput, @unchecked Sendable {
    let clock: ManualClock
    var calls: [(time: UInt64, hertz: Double?)] = []
    init(clock: ManualClock) { self.clock = clock }
    func sound(hertz: Double?) throws { calls.append((clock.now(), hertz)) }
  }

  @Test func eachNoteIsOneWriteAtItsStart() throws {
    let clock = ManualClock()
    let tone = RecordingTone(clock: clock)
    let player = BuzzerPlayer(output: .tone(tone), clock: clock)
    let rtttl = "t:d=4,o=5,b=60:a,c6,p,e"
    try player.play(try RTTTLParser.parse(rtttl))
    #expect(player.waitUntilSilent(deadline: SystemClock().now() + 5_000_000_000))
    player.shutDown()
    let expected = try #require(RTTTLReference.notes(rtttl))
    let played = tone.calls.filter { $0.time < 4_000_000_000 }
    try #require(played.count == expected.count, "\(tone.calls)")
    for (call, note) in zip(played, expected) {
      #expect(Double(call.time) / 1e6 == note.start)
      #expect(call.hertz.map { abs($0 - (note.hertz ?? 0)) <= $0 * 0.01 } ?? (note.hertz == nil))
    }
    #expect(tone.calls.last?.time == 4_000_000_000 && tone.calls.last?.hertz == nil)
  }
}
