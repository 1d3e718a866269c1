import NixieAlarms
import NixieClockSettings
import NixieControl
import NixieText
import NixieTime
import Testing

@testable import NixieClock

/// The daemon loop's alarms, one look a second as the loop makes them: an alarm rings at its
/// second and once, across both DST changes of Europe/Berlin and in a zone without DST; a
/// snooze, a stop, a ring's end, a skipped ring, a missed one, the hourly chime. The expected
/// instants are worked out by hand (UTC) from the EU's rule — the last Sundays of March and
/// October at 01:00 UTC — not from nixie's zone code.
struct ClockAlarmsTests {
  /// The loop's looks, driven second by second: wall time in Unix seconds, the monotonic clock
  /// beside it (it does not jump with the wall clock).
  struct Loop {
    var alarms = ClockAlarms()
    var planner: ClockPlanner
    var mono: UInt64 = 1_000_000_000_000
    var wall: Int64 = 0
    /// Every event, with the wall second it came at.
    var events: [(wall: Int64, event: ClockAlarms.Event)] = []

    init(
      _ entries: [ClockConfiguration.AlarmEntry], zone: String = "Europe/Berlin", chime: Bool = false,
      night: NightMode? = nil
    ) throws {
      planner = try Fixtures.planner(zone: zone, night: night)
      planner.alarms = entries
      if chime, let tune = BuiltInTunes.named("chime") {
        planner.chime = ClockConfiguration.Chime(tune: tune)
      }
    }

    /// Looks at every second from `from` to `to` (UTC, inclusive).
    mutating func run(from: String, to: String) throws {
      let (start, end) = (try Fixtures.unix(from), try Fixtures.unix(to))
      if wall != 0 { mono += UInt64(max(0, start - wall)) * 1_000_000_000 }
      for second in start...end {
        if second > start { mono += 1_000_000_000 }
        look(at: second)
      }
    }

    mutating func look(at second: Int64) {
      wall = second
      for event in alarms.advance(wall: second * 1_000_000_000, mono: mono, planner: planner) {
        events.append((second, event))
      }
    }

    mutating func act(_ action: AlarmAction) -> ClockAlarms.Event? {
      alarms.act(action, wall: wall * 1_000_000_000, mono: mono, planner: planner)
    }

    /// The seconds (UTC text) at which an alarm started ringing.
    var rings: [String] {
      events.compactMap { wall, event in
        guard case .ring = event else { return nil }
        return Self.utc(wall)
      }
    }

    static func utc(_ second: Int64) -> String {
      RFC3339.seconds(fromUnixNanoseconds: second * 1_000_000_000)
    }
  }

  static func entry(
    _ time: String, days: Weekdays = .everyDay, snooze: Int = 540, ringFor: Int = 600
  ) throws -> ClockConfiguration.AlarmEntry {
    let tune = try #require(BuiltInTunes.named("beeps"))
    return ClockConfiguration.AlarmEntry(
      alarm: Alarm(time: try Fixtures.time(time), days: days, snoozeSeconds: snooze, ringForSeconds: ringFor),
      tune: tune)
  }

  @Test func anAlarmRingsAtItsSecondAndOnce() throws {
    var loop = try Loop([try Self.entry("07:00", ringFor: 10)])
    // 2026-12-07 is in CET (UTC+1): 07:00 is 06:00Z.
    try loop.run(from: "2026-12-07T05:59:50Z", to: "2026-12-07T06:01:00Z")
    #expect(loop.rings == ["2026-12-07T06:00:00Z"])
    #expect(!loop.alarms.isRinging)
    let silenced = loop.events.filter { if case .silenced(0, .timedOut) = $0.event { true } else { false } }
    #expect(silenced.map { Loop.utc($0.wall) } == ["2026-12-07T06:00:10Z"])
  }

  @Test func anAlarmInTheSkippedHourRingsAtTheFirstSecondAfterTheGapOnce() throws {
    // 2026-03-29 at 01:00Z Berlin goes from 02:00 CET to 03:00 CEST: 02:30 never happens.
    var loop = try Loop([try Self.entry("02:30", ringFor: 10)])
    try loop.run(from: "2026-03-28T23:59:00Z", to: "2026-03-29T02:00:00Z")
    #expect(loop.rings == ["2026-03-29T01:00:00Z"])
  }

  @Test func anAlarmAtATimeThatHappensTwiceRingsAtTheFirst() throws {
    // 2026-10-25 at 01:00Z Berlin goes from 03:00 CEST back to 02:00 CET: 02:30 is 00:30Z and
    // again 01:30Z.
    var loop = try Loop([try Self.entry("02:30", ringFor: 10)])
    try loop.run(from: "2026-10-24T23:59:00Z", to: "2026-10-25T02:00:00Z")
    #expect(loop.rings == ["2026-10-25T00:30:00Z"])
  }

  @Test func inAZoneWithoutDSTTheAlarmKeepsItsUTCInstantAllYear() throws {
    // Asia/Tokyo is UTC+9 all year: 07:00 is 22:00Z the day before, in March as in October.
    var loop = try Loop([try Self.entry("07:00", ringFor: 10)], zone: "Asia/Tokyo")
    try loop.run(from: "2026-03-28T21:59:00Z", to: "2026-03-28T22:01:00Z")
    try loop.run(from: "2026-10-24T21:59:00Z", to: "2026-10-24T22:01:00Z")
    #expect(loop.rings == ["2026-03-28T22:00:00Z", "2026-10-24T22:00:00Z"])
  }

  @Test func onlyTheAlarmsDaysRing() throws {
    // 2026-12-07 is a Monday, 2026-12-08 a Tuesday.
    var loop = try Loop([try Self.entry("07:00", days: try #require(Weekdays(names: ["tue"])), ringFor: 10)])
    try loop.run(from: "2026-12-07T05:59:00Z", to: "2026-12-07T06:01:00Z")
    try loop.run(from: "2026-12-08T05:59:00Z", to: "2026-12-08T06:01:00Z")
    #expect(loop.rings == ["2026-12-08T06:00:00Z"])
  }

  @Test func aSnoozeSilencesItForItsSnoozeThenItRingsAgainUntilStopped() throws {
    var loop = try Loop([try Self.entry("07:00", snooze: 300, ringFor: 600)])
    try loop.run(from: "2026-12-07T05:59:59Z", to: "2026-12-07T06:00:05Z")
    #expect(loop.alarms.isRinging)
    let snoozed = loop.act(.snooze)
    let again = try Fixtures.unix("2026-12-07T06:05:05Z")
    #expect(snoozed == .snoozed(alarm: 0, until: again))
    #expect(!loop.alarms.isRinging)
    let snoozedAgain = loop.act(.snooze)
    #expect(snoozedAgain == nil)
    try loop.run(from: "2026-12-07T06:00:06Z", to: "2026-12-07T06:05:10Z")
    #expect(loop.rings == ["2026-12-07T06:00:00Z", "2026-12-07T06:05:05Z"])
    let stopped = loop.act(.stop)
    #expect(stopped == .silenced(alarm: 0, why: .asked))
    let stoppedAgain = loop.act(.stop)
    #expect(stoppedAgain == nil)
    #expect(loop.alarms.bell == nil)
  }

  @Test func aSnoozedAlarmCanBeStopped() throws {
    var loop = try Loop([try Self.entry("07:00", snooze: 300)])
    try loop.run(from: "2026-12-07T05:59:59Z", to: "2026-12-07T06:00:01Z")
    _ = loop.act(.snooze)
    let stopped = loop.act(.stop)
    #expect(stopped == .silenced(alarm: 0, why: .asked))
    try loop.run(from: "2026-12-07T06:00:02Z", to: "2026-12-07T06:10:00Z")
    #expect(loop.rings == ["2026-12-07T06:00:00Z"])
  }

  @Test func skipNextSkipsOnlyTheNextRing() throws {
    var loop = try Loop([try Self.entry("07:00", ringFor: 10)])
    loop.look(at: try Fixtures.unix("2026-12-07T12:00:00Z"))
    let tomorrow = try Fixtures.unix("2026-12-08T06:00:00Z")
    let skipped = loop.act(.skipNext)
    #expect(skipped == .skipped(alarm: 0, instant: tomorrow))
    let next = try #require(loop.alarms.next(planner: loop.planner, wall: loop.wall * 1_000_000_000))
    let dayAfter = tomorrow + 86_400
    #expect(next.instant == dayAfter)
    try loop.run(from: "2026-12-08T05:59:00Z", to: "2026-12-08T06:01:00Z")
    try loop.run(from: "2026-12-09T05:59:00Z", to: "2026-12-09T06:01:00Z")
    #expect(loop.rings == ["2026-12-09T06:00:00Z"])
    let skippedThen = loop.events.filter { $0.wall == tomorrow }.map(\.event)
    #expect(skippedThen == [.skipped(alarm: 0, instant: tomorrow)])
  }

  @Test func anAlarmReachedLateRingsWithinAMinuteAndIsMissedAfter() throws {
    var late = try Loop([try Self.entry("07:00", ringFor: 10)])
    late.look(at: try Fixtures.unix("2026-12-07T05:59:58Z"))
    // The clock set forward past the alarm by 30 s: it rings.
    late.look(at: try Fixtures.unix("2026-12-07T06:00:30Z"))
    #expect(late.rings == ["2026-12-07T06:00:30Z"])

    var missed = try Loop([try Self.entry("07:00", ringFor: 10)])
    missed.look(at: try Fixtures.unix("2026-12-07T05:00:00Z"))
    missed.look(at: try Fixtures.unix("2026-12-07T06:05:00Z"))
    #expect(missed.rings.isEmpty)
    let seven = try Fixtures.unix("2026-12-07T06:00:00Z")
    #expect(missed.events.map(\.event) == [.missed(alarm: 0, instant: seven)])
  }

  @Test func theChimeSoundsOnTheFullHourButNotAtNightNorOverAnAlarm() throws {
    let night = NightMode(from: try Fixtures.time("22:00"), until: try Fixtures.time("07:00"), mode: .dark)
    var loop = try Loop([try Self.entry("09:00", ringFor: 60)], chime: true, night: night)
    // 07:59:50 to 10:00:05 CET, then 22:59:50 to 23:00:05 (night).
    try loop.run(from: "2026-12-07T06:59:50Z", to: "2026-12-07T09:00:05Z")
    try loop.run(from: "2026-12-07T21:59:50Z", to: "2026-12-07T22:00:05Z")
    let chimes = loop.events.compactMap { wall, event in
      if case .chime = event { return Loop.utc(wall) }
      return nil
    }
    // 08:00 and 10:00 local; 09:00 is the alarm's; 23:00 is night.
    #expect(chimes == ["2026-12-07T07:00:00Z", "2026-12-07T09:00:00Z"])
    #expect(loop.rings == ["2026-12-07T08:00:00Z"])
  }

  @Test func whileAnAlarmRingsTheTubesLightWhateverTheNightPresenceOrPower() throws {
    let night = NightMode(from: try Fixtures.time("22:00"), until: try Fixtures.time("07:00"), mode: .dark)
    var planner = try Fixtures.planner(night: night, brightness: 0.6)
    planner.vacant = true
    planner.displayOn = false
    let midnight = try Fixtures.unix("2026-12-07T23:30:00Z") * 1_000_000_000
    #expect(planner.frame(at: midnight, synchronised: true).brightness == 0)
    planner.alarmRinging = true
    #expect(planner.frame(at: midnight, synchronised: true).brightness == 0.6)
  }
}

/// The countdown timer (`nixie send --countdown`): its time left on the tubes, `HH:mm:ss` on six
/// tubes and `mmss`/`HHmm` on four, rung once at zero, missed when the clock reached zero late.
struct CountdownTests {
  static func text(_ faces: CountdownFaces, _ seconds: Int, board: String) throws -> String {
    try Fixtures.board(board).layout.text(of: faces.state(secondsLeft: seconds))
  }

  @Test func sixTubesShowHoursMinutesSecondsAndFourMinutesSecondsThenHoursMinutes() throws {
    let six = try #require(CountdownFaces(formatter: try Fixtures.board().formatter))
    #expect(try Self.text(six, 3725, board: "hv5622-6xin14").filter(\.isNumber) == "010205")
    #expect(try Self.text(six, 0, board: "hv5622-6xin14").filter(\.isNumber) == "000000")
    let four = try #require(CountdownFaces(formatter: try Fixtures.board("mcp23017-4xin12").formatter))
    #expect(try Self.text(four, 3599, board: "mcp23017-4xin12") == "5959")
    #expect(try Self.text(four, 3600, board: "mcp23017-4xin12") == "0100")
    #expect(try Self.text(four, 86_400, board: "mcp23017-4xin12") == "2400")
  }

  @Test func thePlannerShowsTheTimeLeftRoundedUpUntilItsEnd() throws {
    var planner = try Fixtures.planner()
    planner.countdownFaces = CountdownFaces(formatter: try Fixtures.board().formatter)
    let start = try Fixtures.unix("2026-12-07T06:00:00Z")
    planner.countdownEnd = (start + 90) * 1_000_000_000
    #expect(Fixtures.text(planner, at: start).filter(\.isNumber) == "000130")
    #expect(Fixtures.text(planner, at: start, nanoseconds: 500_000_000).filter(\.isNumber) == "000130")
    #expect(Fixtures.text(planner, at: start + 89, nanoseconds: 1).filter(\.isNumber) == "000001")
    #expect(Fixtures.text(planner, at: start + 90).filter(\.isNumber) == "000000")
    #expect(planner.frame(at: start * 1_000_000_000, synchronised: true).activity == .countdown)
  }

  @Test func theTimerRingsOnceAtZeroAndAPressEndsIt() throws {
    var loop = try ClockAlarmsTests.Loop([])
    let end = try Fixtures.unix("2026-12-07T06:00:00Z")
    loop.planner.countdownEnd = end * 1_000_000_000
    try loop.run(from: "2026-12-07T05:59:55Z", to: "2026-12-07T06:00:05Z")
    #expect(loop.rings == ["2026-12-07T06:00:00Z"])
    #expect(loop.alarms.timerRings)
    let report = loop.alarms.report(planner: loop.planner, wall: loop.wall * 1_000_000_000, mono: loop.mono)
    #expect(report.timer && report.bell == .ringing)
    #expect(report.alarm == nil)
    // A short press (snooze) ends a timer's ring: there is nothing to snooze for.
    let pressed = loop.act(.snooze)
    #expect(pressed == .silenced(alarm: ClockAlarms.timer, why: .asked))
    #expect(!loop.alarms.timerRings)
  }

  @Test func aTimerThatEndedWhileTheClockWasStoppedIsMissedNotRung() throws {
    var loop = try ClockAlarmsTests.Loop([])
    loop.planner.countdownEnd = try Fixtures.unix("2026-12-07T06:00:00Z") * 1_000_000_000
    loop.look(at: try Fixtures.unix("2026-12-07T06:05:00Z"))
    #expect(loop.rings.isEmpty)
    let end = try Fixtures.unix("2026-12-07T06:00:00Z")
    #expect(loop.events.map(\.event) == [.missed(alarm: ClockAlarms.timer, instant: end)])
  }
}
