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

  /// A manual clock whose first sleep past `from` wakes at `to` instead: the thread stalled
  /// (a loaded machine, AddressSanitizer).
  final class StallingClock: MonotonicClock {
    let base = ManualClock()
    let from: UInt64
    let to: UInt64
    private let stalled = Locked(false)

    init(from: UInt64, to: UInt64) {
      self.from = from
      self.to = to
    }

    func now() -> UInt64 { base.now() }

    func sleep(until deadline: UInt64) {
      let stall = stalled.withLock { stalled in
        defer { stalled = stalled || deadline > from }
        return !stalled && deadline > from
      }
      base.sleep(until: stall ? max(deadline, to) : deadline)
    }
  }

  @Test func aStallSkipsTheEdgesItMissedRatherThanPlayingThemAtOnce() throws {
    let (board, wiring) = try Self.board()
    // One second of A4 (440 Hz: 880 edges), the thread asleep from 100 ms to 600 ms.
    let clock = StallingClock(from: 100_000_000, to: 600_000_000)
    let sim = try SimulatedBoard(board: board, clock: clock)
    let player = BuzzerPlayer(lines: try sim.openBuzzer(wiring), wiring: wiring, clock: clock)
    defer { player.shutDown() }
    try player.play(try RTTTLParser.parse("a:d=4,o=4,b=60:a"))
    #expect(player.waitUntilSilent(deadline: SystemClock().now() + 5_000_000_000))
    // Played at once, the 440 edges due in the stall would have made about 880 writes in all.
    #expect(sim.gpio.writeCount > 400 && sim.gpio.writeCount < 500, "\(sim.gpio.writeCount) writes")
    #expect(!sim.gpio.levels.contains(.role(.buzzer)))
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

  @Test func afterAStallTheNoteOfTheMomentSoundsAndTheMissedOnesDoNot() throws {
    // Six quarter notes of 250 ms; the thread asleep from 100 ms to 1 100 ms.
    let clock = BuzzerPlayerTests.StallingClock(from: 100_000_000, to: 1_100_000_000)
    let tone = RecordingTone(clock: clock.base)
    let player = BuzzerPlayer(output: .tone(tone), clock: clock)
    try player.play(try RTTTLParser.parse("t:d=4,o=5,b=240:a,b,c6,d6,e6,f6"))
    #expect(player.waitUntilSilent(deadline: SystemClock().now() + 5_000_000_000))
    player.shutDown()
    let expected = try #require(RTTTLReference.notes("t:d=4,o=5,b=240:a,b,c6,d6,e6,f6"))
    // A at 0; at the stall's end only E6 (its own start was 1 000 ms); F6 on time; then silence
    // (the end's, and the shut-down's).
    let played = tone.calls.filter { $0.time < 1_500_000_000 }
    #expect(played.map(\.time) == [0, 1_100_000_000, 1_250_000_000], "\(tone.calls)")
    if played.count == 3 {
      #expect(abs((played[1].hertz ?? 0) - (expected[4].hertz ?? 0)) < 1)
      #expect(abs((played[2].hertz ?? 0) - (expected[5].hertz ?? 0)) < 1)
    }
    #expect(tone.calls.last?.time == 1_500_000_000 && tone.calls.last?.hertz == nil)
  }
}
