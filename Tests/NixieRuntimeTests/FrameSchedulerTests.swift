import Foundation
import NixieDisplay
import NixieRuntime
import NixieSimulator
import NixieSystem
import NixieTransitions
import Testing

/// The scheduler's thread, driven by a manual clock: hours of pacing in milliseconds.
struct FrameSchedulerTests {
  static let layout = DisplayLayout(
    positions: (1...6).map { index in
      var wired = CathodeSet.none
      for digit in 0...9 { wired.insert(TubeModel.in14.index(of: .digit(digit))!) }
      return DisplayPosition(name: "tube \(index)", model: .in14, wired: wired)
    })

  static func state(_ text: String) throws -> DisplayState {
    try ValueFormatter(layout: layout, boardName: "test").format(text)
  }

  @Test func aTenSecondFadeRunsToTheEndOnAManualClock() throws {
    let clock = ManualClock(start: 1_000)
    let driver = RecordingDriver(clock: clock)
    let scheduler = FrameScheduler(layout: Self.layout, driver: driver, clock: clock)
    try scheduler.start()
    let end = scheduler.show(
      try Self.state("123456"), transition: TransitionSpec(.crossfade, duration: 10_000_000_000))
    try scheduler.waitUntilSettled()
    scheduler.stop()
    #expect(end == 1_000 + 10_000_000_000)
    // Quantised to 250 steps a period, the last periods already show only the new digits.
    #expect(try #require(driver.frames.last).time > end - 50_000_000)
    let expected = try Self.state("123456")
    #expect(driver.frames.last?.frame == expected)
    // Two slices a period (dark, then the new digits) for 2000 periods, give or take the ends.
    #expect(driver.frames.count > 3_900 && driver.frames.count < 4_001)
    #expect(zip(driver.frames, driver.frames.dropFirst()).allSatisfy { $0.frame != $1.frame })
    #expect(scheduler.writeCount == driver.frames.count)
  }

  @Test func theSchedulerIssuesNoWritesWhileIdle() throws {
    let clock = CountingClock()
    let driver = RecordingDriver(clock: clock)
    let scheduler = FrameScheduler(layout: Self.layout, driver: driver, clock: clock)
    try scheduler.start()
    scheduler.show(try Self.state("42"), transition: .crossfade)
    try scheduler.waitUntilSettled()
    let writes = driver.frames.count
    let calls = clock.calls
    // The thread now blocks on its condition: no writes, and not even a look at the clock.
    Thread.sleep(forTimeInterval: 0.05)
    #expect(scheduler.writeCount == writes)
    #expect(clock.calls == calls)
    // A request wakes it.
    scheduler.show(try Self.state("43"), transition: .none)
    try scheduler.waitUntilSettled()
    scheduler.stop()
    #expect(driver.frames.count == writes + 1)
    let expected = try Self.state("43")
    #expect(driver.frames.last?.frame == expected)
  }

  @Test func stoppingWithBlankingTurnsTheTubesOffMidFadeFromTheSchedulersThread() throws {
    let clock = ManualClock()
    let driver = RecordingDriver(clock: clock)
    let scheduler = FrameScheduler(layout: Self.layout, driver: driver, clock: clock)
    try scheduler.start()
    scheduler.setBrightness(0.5)
    scheduler.show(try Self.state("123456"), transition: TransitionSpec(.crossfade, duration: 60_000_000_000))
    let deadline = Date().addingTimeInterval(10)
    while scheduler.writeCount < 10 && Date() < deadline { Thread.sleep(forTimeInterval: 0.001) }
    #expect(scheduler.writeCount >= 10)
    scheduler.stop(blanking: true)
    #expect(driver.blanks == 1)
    // Stopped already: a second stop does not blank again; one that never ran blanks itself.
    scheduler.stop(blanking: true)
    #expect(driver.blanks == 1)
    let idle = RecordingDriver(clock: clock)
    FrameScheduler(layout: Self.layout, driver: idle, clock: clock).stop(blanking: true)
    #expect(idle.blanks == 1)
  }

  @Test func aNewStateMidFadeIsWhereTheDisplayLands() throws {
    let clock = ManualClock()
    let driver = RecordingDriver(clock: clock)
    let scheduler = FrameScheduler(layout: Self.layout, driver: driver, clock: clock)
    try scheduler.start()
    scheduler.show(try Self.state("111111"), transition: TransitionSpec(.crossfade, duration: 60_000_000_000))
    scheduler.show(try Self.state("222222"), transition: .crossfade)
    try scheduler.waitUntilSettled()
    scheduler.stop()
    let expected = try Self.state("222222")
    #expect(driver.frames.last?.frame == expected)
  }

  @Test func aDriverErrorStopsTheThreadAndReachesTheOwner() throws {
    let clock = ManualClock()
    let driver = RecordingDriver(clock: clock, failAt: 3)
    let scheduler = FrameScheduler(layout: Self.layout, driver: driver, clock: clock)
    try scheduler.start()
    scheduler.show(try Self.state("42"), transition: .crossfade)
    #expect(throws: RecordingDriver.Failure()) { try scheduler.waitUntilSettled() }
    #expect(scheduler.failure is RecordingDriver.Failure)
    scheduler.stop()
    #expect(driver.frames.count == 3)
  }

  @Test func aTransientFaultIsRetriedUntilTheFrameIsOnTheTubes() throws {
    let clock = ManualClock()
    let driver = GlitchingDriver()
    let heard = Locked(0)
    let scheduler = FrameScheduler(layout: Self.layout, driver: driver, clock: clock) {
    } onFault: { _ in
      heard.withLock { $0 += 1 }
    }
    try scheduler.start()
    let start = clock.now()
    let target = try Self.state("42")
    scheduler.show(target, transition: .none)
    // The bus keeps failing, so a waiter hears of a fault; the thread carries on retrying.
    #expect(throws: GlitchingDriver.Glitch()) { try scheduler.waitUntilSettled() }
    while scheduler.faultCount < 4 { Thread.sleep(forTimeInterval: 0.001) }
    driver.heal()
    // A fault already under way when the bus healed may still reach one more waiter.
    if (try? scheduler.waitUntilSettled()) == nil { try scheduler.waitUntilSettled() }
    scheduler.stop()
    let faults = scheduler.faultCount
    #expect(scheduler.failure == nil)
    #expect(heard.withLock { $0 } == faults)
    #expect(driver.frames == [target])
    // Each fault paused the thread, doubling from 20 ms up to 500 ms, before the next try.
    let pauses = (0..<faults).reduce(UInt64(0)) { total, fault in
      total + min(20_000_000 << UInt64(fault), FrameScheduler.maximumFaultPause)
    }
    #expect(clock.now() - start >= pauses)
  }

  @Test func aSettledDisplayWhoseLastWriteFailedIsWrittenAgain() throws {
    var pacer = FramePacer(layout: Self.layout)
    let target = try Self.state("7")
    pacer.show(target, transition: .none, at: 0)
    #expect(pacer.next(now: 0) == .write(deadline: 0))
    #expect(pacer.next(now: 0) == .idle)
    pacer.frameWasNotWritten(at: 1_000)
    #expect(pacer.next(now: 1_000) == .write(deadline: 1_000))
    #expect(pacer.frame == target)
    #expect(pacer.next(now: 1_000) == .idle)
  }

  @Test func theSettledHookSeesTheFinalFrameOnTheTubes() throws {
    let clock = ManualClock()
    final class Box: @unchecked Sendable { var seen: [DisplayState] = [] }
    let box = Box()
    let driver = RecordingDriver(clock: clock)
    let scheduler = FrameScheduler(layout: Self.layout, driver: driver, clock: clock) {
      box.seen.append(driver.frames.last?.frame ?? Self.layout.blank)
    }
    try scheduler.start()
    scheduler.show(try Self.state("7"), transition: .crossfade)
    try scheduler.waitUntilSettled()
    scheduler.show(try Self.state("8"), transition: .crossfade)
    try scheduler.waitUntilSettled()
    scheduler.stop()
    let expected = [try Self.state("7"), try Self.state("8")]
    #expect(box.seen == expected, "\(box.seen.map(Self.layout.text(of:)))")
  }

  @Test func belowFullBrightnessSettlingMeansTheFirstSettledPeriodIsOut() throws {
    let clock = ManualClock()
    let driver = RecordingDriver(clock: clock)
    let scheduler = FrameScheduler(layout: Self.layout, driver: driver, clock: clock)
    try scheduler.start()
    scheduler.setBrightness(0.5)
    let end = scheduler.show(try Self.state("5"), transition: .crossfade)
    try scheduler.waitUntilSettled()
    scheduler.stop()
    let lastLit = try #require(driver.frames.last { !$0.frame.isDark })
    #expect(lastLit.time >= end)
    let expected = try Self.state("5")
    #expect(lastLit.frame == expected)
  }
}

/// Tube care's count fed by the scheduler (`WearCount`): what the driver was sent, each frame
/// until the next, so the PWM's duty weights it; a blank ends the glow.
struct FrameSchedulerWearTests {
  static let one = TubeModel.in14.index(of: .digit(1))!

  /// A running scheduler on `clock` writing to a recording driver, its frames counted.
  static func countedScheduler(on clock: ManualClock) throws -> (
    RecordingDriver, Locked<WearCount>, FrameScheduler
  ) {
    let driver = RecordingDriver(clock: clock)
    let layout = FrameSchedulerTests.layout
    let wear = Locked(WearCount(wear: CathodeWear(layout: layout), at: clock.now()))
    let scheduler = FrameScheduler(layout: layout, driver: driver, clock: clock, wear: wear)
    try scheduler.start()
    return (driver, wear, scheduler)
  }

  /// Runs `scheduler` on `clock` until the clock has passed `until` (a bound in real time).
  static func run(_ clock: ManualClock, until: UInt64) {
    let deadline = Date().addingTimeInterval(60)
    while clock.now() < until && Date() < deadline { Thread.sleep(forTimeInterval: 0.001) }
  }

  @Test func eachFrameCountsUntilTheNextSoTheBrightnessWeightsTheGlow() throws {
    let clock = ManualClock(start: 1_000)
    let (driver, wear, scheduler) = try Self.countedScheduler(on: clock)
    scheduler.setBrightness(0.3)
    scheduler.show(try FrameSchedulerTests.state("111111"), transition: .none)
    Self.run(clock, until: 10_000_001_000)
    scheduler.stop()
    let first = try #require(driver.frames.first).time
    let last = try #require(driver.frames.last).time
    #expect(last - first >= 10_000_000_000 - 10_000_000)
    let counted = wear.withLock { $0.wear }
    for position in 0..<6 {
      // 30 % of the time from the first frame to the last, within a 5 ms period.
      let share = Double(counted[position, Self.one]) / Double(last - first)
      #expect(abs(share - 0.3) < 0.001, "position \(position): \(share)")
      for cathode in 0..<12 where cathode != Self.one { #expect(counted[position, cathode] == 0) }
    }
  }

  /// What a 2 s anti-poisoning run on six IN-14 showing 111111 adds to each tube's digit 7,
  /// the only digit that has never glowed (every other one has glowed an hour), planned
  /// `aimed` or not.
  static func sevensGain(aimed: Bool) throws -> [UInt64] {
    let clock = ManualClock(start: 0)
    let driver = RecordingDriver(clock: clock)
    let layout = FrameSchedulerTests.layout
    var start = CathodeWear(layout: layout)
    let seven = TubeModel.in14.index(of: .digit(7))!
    for position in 0..<6 {
      for digit in 0...9 { start[position, TubeModel.in14.index(of: .digit(digit))!] = 3_600_000_000_000 }
      start[position, seven] = 0
    }
    let wear = Locked(WearCount(wear: start, at: clock.now()))
    let scheduler = FrameScheduler(layout: layout, driver: driver, clock: clock, wear: wear)
    try scheduler.start()
    scheduler.cycle(to: try FrameSchedulerTests.state("111111"), duration: 2_000_000_000, aimed: aimed)
    try scheduler.waitUntilSettled()
    scheduler.stop()
    let counted = wear.withLock { $0.wear }
    return (0..<6).map { counted[$0, seven] - start[$0, seven] }
  }

  @Test func anAimedRunLightsTheCathodesTheCountSaysLag() throws {
    let aimed = try Self.sevensGain(aimed: true)
    let even = try Self.sevensGain(aimed: false)
    for position in 0..<6 {
      // Even: a step a lap (0.2 s; twice on the tubes whose stagger takes them past 7 again).
      // Aimed: a tenth of its even quarter and its other three quarters, 1.55 s of the first
      // tube's 2 s.
      #expect(even[position] <= 400_000_000, "tube \(position): \(even[position]) ns")
      #expect(aimed[position] > 1_500_000_000, "tube \(position): \(aimed[position]) ns")
    }
  }

  @Test func aBlankEndsTheGlowAndNothingIsCountedWhileDark() throws {
    let clock = ManualClock(start: 0)
    let (driver, wear, scheduler) = try Self.countedScheduler(on: clock)
    scheduler.show(try FrameSchedulerTests.state("111111"), transition: .none)
    try scheduler.waitUntilSettled()
    clock.advance(by: 2_000_000_000)
    scheduler.stop(blanking: true)
    #expect(driver.blanks == 1)
    let lit = wear.withLock { $0.wear[0, Self.one] }
    #expect(lit >= 2_000_000_000 && lit < 2_100_000_000, "\(lit)")
    clock.advance(by: 5_000_000_000)
    let later = wear.withLock {
      $0.count(until: clock.now())
      return $0.wear[0, Self.one]
    }
    #expect(later == lit)
  }
}
