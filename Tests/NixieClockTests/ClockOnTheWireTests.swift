import Glibc
import NixieControl
import NixieCore
import NixieDisplay
import NixieDrivers
import NixieSimulator
import NixieTestSupport
import NixieTransitions
import NixieTransports
import Testing

@testable import NixieClock
@testable import NixieClockSettings

/// The clock daemon with the real display path — the transition engine's frame scheduler on
/// its own thread, the simulated HV5622 chain decoding the wire — in virtual time. What the
/// tests read is what the chain model latched.
struct ClockOnTheWireTests {
  static let second = WireRig.second
  /// 2026-03-29 01:30:00 CET.
  static let halfPastOne: Int64 = 1_774_744_200
  /// 2026-07-20 12:00:00 CEST.
  static let noon: Int64 = 1_784_541_600
  /// Tube positions of the default board: tube 1 … tube 6, around the two colons.
  static let tubes = [0, 1, 3, 4, 6, 7]

  @Test func everySecondCrossFadesOnTheWireAndLeavesTheOtherTubesAlone() throws {
    let board = try Fixtures.board()
    let rig = try WireRig(
      planner: try Fixtures.planner(board: board), board: board,
      start: Self.halfPastOne * Self.second + 250_000_000, seconds: 3.8)
    try rig.run()
    #expect(try #require(rig.simulated.chain).violations.isEmpty)
    #expect(!rig.litTwoCathodesOfATube)
    for seconds in 1...3 {
      let boundary = rig.mono((Self.halfPastOne + Int64(seconds)) * Self.second)
      let old = rig.cathode(seconds - 1, at: 7)
      let new = rig.cathode(seconds, at: 7)
      // The old digit dims from the first 5 ms period on (dark for its last 60 µs); the new one
      // is lit once its perceptual duty reaches one 20 µs step, in the third period (10 ms).
      let dimmed = try #require(rig.frames.frames.first { $0.time >= boundary })
      #expect(dimmed.time - boundary < 5_500_000 && !dimmed.state.lit[7].contains(old))
      let first = try #require(
        rig.frames.frames.first { $0.time >= boundary && $0.state.lit[7].contains(new) })
      #expect(first.time - boundary < 11_000_000, "second \(seconds): \(first.time - boundary) ns late")
      // In 50 ms steps over the 500 ms fade the new digit's duty rises and the old one's falls.
      var previous = (old: 1.0, new: 0.0)
      for step in 0..<10 {
        let from = boundary + UInt64(step) * 50_000_000
        let duties = (
          old: rig.duty(position: 7, cathode: old, from: from, to: from + 50_000_000),
          new: rig.duty(position: 7, cathode: new, from: from, to: from + 50_000_000)
        )
        #expect(
          duties.new > previous.new && duties.old < previous.old, "second \(seconds), step \(step): \(duties)"
        )
        previous = duties
      }
      #expect(
        rig.duty(position: 7, cathode: new, from: boundary + 510_000_000, to: boundary + 1_000_000_000) == 1)
      // 01:30:0x: tubes 1–5 and the colons stay lit in every frame, never rewritten dark.
      for (position, digit) in [(0, 0), (1, 1), (3, 3), (4, 0), (6, 0)] {
        let duty = rig.duty(
          position: position, cathode: rig.cathode(digit, at: position), from: boundary,
          to: boundary + 1_000_000_000)
        #expect(duty == 1, "tube at \(position) during second \(seconds): \(duty)")
      }
    }
    #expect(board.layout.text(of: try #require(rig.frames.frames.last).state) == "        ")
  }

  @Test func withoutATransitionEachSecondIsOneFrameAtItsBoundary() throws {
    let board = try Fixtures.board()
    let rig = try WireRig(
      planner: try Fixtures.planner(board: board), board: board,
      start: Self.halfPastOne * Self.second + 250_000_000, seconds: 5, motion: ClockMotion(fade: 0))
    var planner = try Fixtures.planner(board: board)
    planner.transition = .none
    let none = try WireRig(
      planner: planner, board: board, start: Self.halfPastOne * Self.second + 250_000_000, seconds: 5)
    for rig in [rig, none] {
      try rig.run()
      let texts = rig.frames.frames.map { board.layout.text(of: $0.state) }
      #expect(texts == (0...5).map { "01:30:0\($0)" } + ["        "])
      for (index, frame) in rig.frames.frames.enumerated().dropFirst().dropLast() {
        #expect(frame.time - rig.mono((Self.halfPastOne + Int64(index)) * Self.second) < 1_000_000)
      }
    }
  }

  @Test func aMessageWithTheSlotTransitionSpinsItsTubesAndLands() throws {
    let board = try Fixtures.board()
    let rig = try WireRig(
      planner: try Fixtures.planner(board: board), board: board, start: Self.halfPastOne * Self.second,
      seconds: 3.5)
    let inbox = rig.inbox
    let message = try board.formatter.format("987654")
    let sent = rig.startMono + 1_200_000_000
    rig.clock.schedule(.perform { inbox.post(.show(message, seconds: 2, transition: .slot)) }, at: sent)
    try rig.run()
    #expect(!rig.litTwoCathodesOfATube)
    // Every changing tube runs through all its digits on the way (one 500 ms turn, then two
    // more steps for each tube to its left).
    let spin = rig.frames(from: sent, to: sent + 1_000_000_000)
    for position in Self.tubes {
      let glowed = spin.reduce(CathodeSet.none) { $0.union($1.state.lit[position]) }
      #expect((0...9).allSatisfy { glowed.contains(rig.cathode($0, at: position)) }, "tube at \(position)")
    }
    let landed = try #require(rig.frames(from: sent, to: sent + 2_000_000_000).last)
    #expect(board.layout.text(of: landed.state) == "98 76 54")
  }

  @Test func aDimNightIsPWMOnTheBlankingLineAtTheConfiguredDuty() throws {
    let board = try Fixtures.board()
    let night = NightMode(
      from: try Fixtures.time("01:00"), until: try Fixtures.time("02:00"), mode: .dim, brightness: 0.3)
    let rig = try WireRig(
      planner: try Fixtures.planner(board: board, night: night), board: board,
      start: Self.halfPastOne * Self.second + 250_000_000, seconds: 2.5)
    /// Latches and line writes so far, read by the daemon's thread while the frame loop waits.
    final class Counts: @unchecked Sendable {
      let chain: ShiftChainModel
      let gpio: SimulatedGPIOChip
      var at: [(latches: Int, writes: Int)] = []
      init(chain: ShiftChainModel, gpio: SimulatedGPIOChip) {
        self.chain = chain
        self.gpio = gpio
      }
      func sample() { at.append((chain.latchCount, gpio.writeCount)) }
    }
    let counts = Counts(chain: try #require(rig.simulated.chain), gpio: rig.simulated.gpio)
    let steady = rig.mono((Self.halfPastOne + 1) * Self.second) + 600_000_000
    for time in [steady, steady + 400_000_000] {
      rig.clock.schedule(.perform { counts.sample() }, at: time)
    }
    try rig.run()
    // 80 periods of 5 ms: BL high for the lit part, BL low for the rest; nothing shifted.
    #expect(counts.at.count == 2)
    #expect(counts.at[1].latches == counts.at[0].latches)
    #expect(counts.at[1].writes - counts.at[0].writes == 160)
    let lit = try board.formatter.format("01:30:01")
    #expect(
      rig.frames(from: steady, to: steady + 400_000_000).allSatisfy { $0.state == lit || $0.state.isDark })
    for position in Self.tubes {
      let digit = [0, 1, 3, 0, 0, 1][Self.tubes.firstIndex(of: position) ?? 0]
      let duty = rig.duty(
        position: position, cathode: rig.cathode(digit, at: position), from: steady, to: steady + 400_000_000)
      #expect(abs(duty - 0.3) < 0.01, "tube at \(position): \(duty)")
    }
  }

  @Test func aDarkNightFadesTheTubesOutAndTheFrameLoopRests() throws {
    let board = try Fixtures.board()
    let night = NightMode(from: try Fixtures.time("01:30:01"), until: try Fixtures.time("02:00"), mode: .dark)
    let rig = try WireRig(
      planner: try Fixtures.planner(board: board, night: night, brightness: 0.5), board: board,
      start: Self.halfPastOne * Self.second + 250_000_000, seconds: 3)
    let writes = WriteCounts(gpio: rig.simulated.gpio)
    let dark = rig.mono((Self.halfPastOne + 1) * Self.second)
    for time in [dark + 600_000_000, dark + 1_900_000_000] {
      rig.clock.schedule(.perform { writes.sample() }, at: time)
    }
    try rig.run()
    // The night came in as a fade (the digits dimming out over 500 ms, at the day's PWM)...
    let one = rig.cathode(0, at: 0)
    #expect(rig.duty(position: 0, cathode: one, from: dark, to: dark + 100_000_000) > 0.3)
    #expect(rig.duty(position: 0, cathode: one, from: dark + 510_000_000, to: dark + 1_900_000_000) == 0)
    // ...then nothing was written for 1.3 s: no PWM for a dark display.
    #expect(writes.at.count == 2 && writes.at[0] == writes.at[1])
  }

  @Test func anAntiPoisoningRunSpinsEveryCathodeOfEveryTubeAndLandsOnTheTime() throws {
    let board = try Fixtures.board()
    let hourly = AntiPoisoningSchedule(
      short: AntiPoisoningSchedule.ShortRuns(everyMinutes: 60, offsetSeconds: 30, seconds: 2))
    let rig = try WireRig(
      planner: try Fixtures.planner(board: board, antiPoisoning: hourly), board: board,
      start: (Self.noon + 28) * Self.second + 250_000_000, seconds: 5)
    try rig.run()
    #expect(try #require(rig.simulated.chain).violations.isEmpty)
    #expect(!rig.litTwoCathodesOfATube)
    let runStart = rig.mono((Self.noon + 30) * Self.second)
    let runEnd = rig.mono((Self.noon + 32) * Self.second)
    let during = rig.frames(from: runStart, to: runEnd)
    for position in Self.tubes {
      let glowed = during.reduce(CathodeSet.none) { $0.union($1.state.lit[position]) }
      let digits = (0...9).map { rig.cathode($0, at: position) }
      #expect(digits.allSatisfy(glowed.contains), "tube at \(position) skipped some digits")
    }
    // Each cathode glows for the run's 100 ms step: the first tube turns once in 1 s, then
    // shows its landing digit while the others, each two steps later, land in turn.
    let five = rig.cathode(5, at: 0)
    let share = rig.duty(position: 0, cathode: five, from: runStart, to: runEnd)
    #expect(share > 0.045 && share < 0.055, "\(share)")
    // It lands on the time at the run's end, which the clock then shows without a change.
    let landed = try #require(rig.frames(from: runStart, to: runEnd + 900_000_000).last)
    #expect(board.layout.text(of: landed.state) == "12:00:32")
    #expect(landed.time < runEnd + 1_000_000)
  }

  /// The share of the 2 s run at 12:00:30 each tube's 7 glows, on the wire, in `mode`, when
  /// every digit of every tube has glowed an hour but the 7s never.
  static func sevensShareOfARun(_ mode: AntiPoisoningMode) throws -> [Double] {
    let board = try Fixtures.board()
    let hourly = AntiPoisoningSchedule(
      short: AntiPoisoningSchedule.ShortRuns(everyMinutes: 60, offsetSeconds: 30, seconds: 2), mode: mode)
    var wear = CathodeWear(layout: board.layout)
    for position in Self.tubes {
      let model = board.layout.positions[position].model
      for digit in 0...9 { wear[position, model.index(of: .digit(digit)) ?? -1] = 3_600 * 1_000_000_000 }
      wear[position, model.index(of: .digit(7)) ?? -1] = 0
    }
    let rig = try WireRig(
      planner: try Fixtures.planner(board: board, antiPoisoning: hourly), board: board,
      start: (Self.noon + 28) * Self.second + 250_000_000, seconds: 5, wear: wear)
    try rig.run()
    #expect(!rig.litTwoCathodesOfATube)
    let runStart = rig.mono((Self.noon + 30) * Self.second)
    let runEnd = rig.mono((Self.noon + 32) * Self.second)
    let landed = rig.frames(from: runStart, to: runEnd + 900_000_000).last
    #expect(landed.map { board.layout.text(of: $0.state) } == "12:00:32")
    return Self.tubes.map {
      rig.duty(position: $0, cathode: rig.cathode(7, at: $0), from: runStart, to: runEnd)
    }
  }

  @Test func anAimedRunGivesTheDigitsThatLagMostOfItOnTheWire() throws {
    let aimed = try Self.sevensShareOfARun(.aimed)
    let even = try Self.sevensShareOfARun(.even)
    for (index, position) in Self.tubes.enumerated() {
      // Even: the 7 has its 100 ms step (twice on the tubes whose landing takes them round
      // again). Aimed: three quarters of its tube's spin (1 s on the first tube, 2 s on the
      // last) and a tenth of the rest — 0.39 of the run on the first tube, 0.78 on the last.
      #expect(even[index] <= 0.1 + 0.005, "tube at \(position): even \(even[index])")
      let spin = 1.0 + 0.2 * Double(index)
      #expect(abs(aimed[index] - spin * 0.775 / 2) < 0.01, "tube at \(position): aimed \(aimed[index])")
    }
  }

  @Test func springForwardAndATimeStepReachTheWireAtTheirInstant() throws {
    let board = try Fixtures.board()
    let planner = try Fixtures.planner(board: board)
    // 01:59:58.25 CET; at 02:00:00 CET the clock reads 03:00:00 CEST.
    let start = (Self.halfPastOne + 1798) * Self.second + 250_000_000
    let rig = try WireRig(planner: planner, board: board, start: start, seconds: 4)
    // 3.5 s in (01:00:01.75Z), the system clock is set 10 minutes ahead.
    rig.clock.schedule(.step(600 * Self.second), at: rig.startMono + 3_500_000_000)
    try rig.run()
    let change = rig.mono((Self.halfPastOne + 1800) * Self.second)
    let three = rig.cathode(3, at: 1)
    let first = try #require(rig.frames.frames.first { $0.state.lit[1].contains(three) })
    #expect(
      first.time >= change && first.time - change < 11_000_000, "\(Int64(first.time) - Int64(change)) ns")
    // After the step 03:10:01 fades in at once (tube 3 shows the minutes' 1).
    let stepped = rig.startMono + 3_500_000_000
    let minute = rig.cathode(1, at: 3)
    let after = try #require(rig.frames.frames.first { $0.state.lit[3].contains(minute) })
    #expect(
      after.time >= stepped && after.time - stepped < 11_000_000, "\(Int64(after.time) - Int64(stepped)) ns")
  }

  @Test func theWatchdogIsPingedFromTheFrameLoopAtItsIntervalEvenBetweenSeconds() throws {
    let board = try Fixtures.board()
    let rig = try WireRig(
      planner: try Fixtures.planner(board: board), board: board, start: Self.halfPastOne * Self.second,
      seconds: 3, watchdog: 300_000_000)
    try rig.run()
    let pings = rig.notifier.messages.filter { $0.text == "WATCHDOG=1" }
    #expect(pings.count >= 9, "\(pings.map(\.mono))")
    // Not one from the daemon loop, which runs on this thread.
    #expect(pings.allSatisfy { pthread_equal($0.thread, pthread_self()) == 0 })
    #expect(rig.notifier.messages.first.map { pthread_equal($0.thread, pthread_self()) != 0 } == true)
    for (earlier, later) in zip(pings, pings.dropFirst()) {
      #expect(later.mono - earlier.mono >= 300_000_000 && later.mono - earlier.mono < 310_000_000)
    }
  }

  @Test func thePingsStopWhileTheDaemonLoopIsStuckAndOnceTheFrameLoopStops() throws {
    let board = try Fixtures.board()
    let rig = try WireRig(
      planner: try Fixtures.planner(board: board), board: board, start: Self.halfPastOne * Self.second,
      seconds: 12, watchdog: 1_000_000_000)
    let clock = rig.clock
    let scheduler = rig.scheduler
    let origin = rig.startMono
    // From 3.5 s to 7.5 s the daemon loop hangs (4 s pass while it does not check in).
    clock.schedule(.perform { clock.advance(by: 4_000_000_000) }, at: origin + 3_500_000_000)
    // At 9.5 s the frame loop ends.
    clock.schedule(.perform { scheduler.stop() }, at: origin + 9_500_000_000)
    try rig.run()
    let pings = rig.notifier.pings.map { Double($0 - origin) / 1e9 }
    // The daemon last checked in at 3 s: pings go on for the two intervals of tolerance.
    #expect(pings.contains { $0 >= 4.9 && $0 <= 5.1 }, "\(pings)")
    #expect(!pings.contains { $0 > 5.1 && $0 < 7.5 }, "\(pings)")
    #expect(pings.contains { $0 >= 7.5 && $0 <= 8.6 }, "\(pings)")
    #expect(pings.contains { $0 >= 8.9 && $0 < 9.5 }, "\(pings)")
    #expect(!pings.contains { $0 >= 9.5 }, "\(pings)")
    // The daemon loop itself ran to its end.
    let stopping = try #require(rig.notifier.messages.last)
    #expect(stopping.text.hasPrefix("STOPPING=1") && stopping.mono == origin + 12_000_000_000)
  }

  @Test func aGlitchingBusNeverStopsTheClockAndIsLoggedOncePerMinute() throws {
    let board = try Fixtures.board()
    let log = LogRecord()
    let faults = TransportFaultLog(logger: log.logger)
    let rig = try WireRig(
      planner: try Fixtures.planner(board: board), board: board, start: Self.halfPastOne * Self.second,
      seconds: 4,
      wrap: { driver, clock in
        GlitchingDriver(driver, clock: clock, from: 1_200_000_000, until: 2_300_000_000)
      },
      onFault: { error, time in faults.record(error, at: time) })
    try rig.run()
    #expect(rig.scheduler.failure == nil)
    #expect(rig.scheduler.faultCount >= 4)
    #expect(log.all.count == 1, "\(log.all)")
    #expect(log.all.first?.contains("retrying") == true)
    // After the glitches the seconds go on: 01:30:03 reaches the tubes.
    let texts = rig.frames.frames.map { board.layout.text(of: $0.state) }
    #expect(texts.contains("01:30:03"))
  }
}

extension ClockOnTheWireTests {
  @Test func aTransportThatFailsForGoodEndsTheDaemonWithItsError() throws {
    let board = try Fixtures.board()
    let rig = try WireRig(
      planner: try Fixtures.planner(board: board), board: board, start: Self.halfPastOne * Self.second,
      seconds: 10,
      wrap: { driver, clock in
        GlitchingDriver(driver, clock: clock, from: 2_200_000_000, until: 60_000_000_000, transient: false)
      })
    #expect(throws: GlitchingDriver.Glitch(isTransient: false)) { try rig.run() }
    // It ended at the first second after the frame loop failed, not at the end of its 10 s.
    #expect(rig.clock.now() - rig.startMono <= 3_000_000_000)
  }
}

/// Line writes so far, read on the daemon's thread while the frame loop is parked.
final class WriteCounts: @unchecked Sendable {
  let gpio: SimulatedGPIOChip
  var at: [Int] = []
  init(gpio: SimulatedGPIOChip) { self.gpio = gpio }
  func sample() { at.append(gpio.writeCount) }
}

/// A bus that fails every write between two monotonic times with a transient fault, or for
/// good.
final class GlitchingDriver: DisplayDriver {
  struct Glitch: TransportFault, Equatable, CustomStringConvertible {
    var isTransient: Bool
    var description: String { isTransient ? "I2C NACK (simulated)" : "device gone (simulated)" }
  }

  private let inner: DisplayDriver
  private let clock: MonotonicClock
  private let window: Range<UInt64>
  private let transient: Bool

  init(_ inner: DisplayDriver, clock: ManualDaemonClock, from: UInt64, until: UInt64, transient: Bool = true)
  {
    self.inner = inner
    self.clock = clock
    self.transient = transient
    let origin = clock.now()
    window = (origin + from)..<(origin + until)
  }

  func write(_ frame: DisplayState) throws {
    if window.contains(clock.now()) { throw Glitch(isTransient: transient) }
    try inner.write(frame)
  }

  func blank() throws { try inner.blank() }
}
