import NixieControl
import Testing

@testable import NixieClock
@testable import NixieClockSettings

/// The pure schedule: rotation, night mode, anti-poisoning, the unsynchronised indicator, and
/// when the next look is due.
struct ScheduleTests {
  static let noonBerlin: Int64 = 1_784_541_600  // 2026-07-20 12:00:00 CEST

  @Test func facesRotateOnTheSecondsOfTheMinuteCountedFromLocalMidnight() throws {
    let planner = try Fixtures.planner(faces: [("HH:mm:ss", 50), ("dd.MM.yy", 10)])
    #expect(Fixtures.text(planner, at: Self.noonBerlin + 49) == "12:00:49")
    #expect(Fixtures.text(planner, at: Self.noonBerlin + 50) == "20.07.26")
    #expect(Fixtures.text(planner, at: Self.noonBerlin + 59) == "20.07.26")
    #expect(Fixtures.text(planner, at: Self.noonBerlin + 60) == "12:01:00")
  }

  @Test func rotationFollowsLocalTimeInAFortyFiveMinuteZone() throws {
    let planner = try Fixtures.planner(zone: "Asia/Kathmandu", faces: [("HH:mm:ss", 50), ("dd.MM.yy", 10)])
    let localNoon = try Fixtures.unix("2026-07-20T06:15:00Z")
    #expect(Fixtures.text(planner, at: localNoon + 49) == "12:00:49")
    #expect(Fixtures.text(planner, at: localNoon + 50) == "20.07.26")
  }

  /// (from, until, local time, night?) — `from` inclusive, `until` exclusive, across midnight.
  @Test(arguments: [
    ("22:30", "06:30", "22:29:59", false), ("22:30", "06:30", "22:30:00", true),
    ("22:30", "06:30", "00:00:00", true), ("22:30", "06:30", "06:29:59", true),
    ("22:30", "06:30", "06:30:00", false), ("01:00", "05:00", "00:59:59", false),
    ("01:00", "05:00", "04:59:59", true), ("01:00", "05:00", "05:00:00", false),
  ])
  func nightModeBoundaries(_ from: String, _ until: String, _ local: String, _ night: Bool) throws {
    let mode = NightMode(from: try Fixtures.time(from), until: try Fixtures.time(until), mode: .dark)
    #expect(mode.contains(secondOfDay: try Fixtures.time(local).secondOfDay) == night)
  }

  @Test func dimNightsLowerTheBrightnessAndDarkNightsBlank() throws {
    let night = NightMode(
      from: try Fixtures.time("12:00:30"), until: try Fixtures.time("13:00"), mode: .dim, brightness: 0.2)
    let dim = try Fixtures.planner(night: night, brightness: 0.5)
    #expect(dim.frame(at: (Self.noonBerlin + 29) * 1_000_000_000, synchronised: true).brightness == 0.5)
    #expect(dim.frame(at: (Self.noonBerlin + 30) * 1_000_000_000, synchronised: true).brightness == 0.1)
    var darkNight = night
    darkNight.mode = .dark
    let dark = try Fixtures.planner(night: darkNight)
    let frame = dark.frame(at: (Self.noonBerlin + 30) * 1_000_000_000, synchronised: true)
    #expect(frame.brightness == 0 && frame.state.isDark)
  }

  @Test func nightStartsAtTheFirstSecondThatExistsWhenSpringSkipsItsStart() throws {
    let night = NightMode(from: try Fixtures.time("02:30"), until: try Fixtures.time("06:00"), mode: .dark)
    let planner = try Fixtures.planner(night: night)
    let change: Int64 = 1_774_746_000  // 01:59:59 → 03:00:00
    #expect(planner.frame(at: (change - 1) * 1_000_000_000, synchronised: true).brightness == 1)
    #expect(planner.frame(at: change * 1_000_000_000, synchronised: true).brightness == 0)
  }

  static let hourly = AntiPoisoningSchedule(
    short: AntiPoisoningSchedule.ShortRuns(everyMinutes: 60, offsetSeconds: 30, seconds: 2))

  @Test func aShortRunAtThirtySecondsPastTheHourLandsOnTheTimeAtItsEnd() throws {
    let planner = try Fixtures.planner(antiPoisoning: Self.hourly)
    let start = (Self.noonBerlin + 30) * 1_000_000_000
    #expect(Fixtures.text(planner, at: Self.noonBerlin + 29, nanoseconds: 999_999_999) == "12:00:29")
    let first = planner.frame(at: start, synchronised: true)
    guard case .antiPoisoning(let run) = first.activity else {
      Issue.record("no run at :00:30")
      return
    }
    #expect(
      run == AntiPoisoningRun(kind: .short, start: start, end: start + 2_000_000_000, step: 100_000_000))
    // The whole run shows (and the slot machine lands on) the time at its end.
    #expect(planner.layout.text(of: first.state) == "12:00:32")
    #expect(Fixtures.text(planner, at: Self.noonBerlin + 31, nanoseconds: 100_000_000) == "12:00:32")
    #expect(Fixtures.text(planner, at: Self.noonBerlin + 32) == "12:00:32")
    #expect(Fixtures.text(planner, at: Self.noonBerlin + 33) == "12:00:33")
    // A run starts even towards the picture already shown; once started it stays put.
    let later = planner.frame(at: start + 1_000_000_000, synchronised: true)
    #expect(first.change(from: later, transition: .crossfade) == nil)
    var before = first
    before.activity = .face(0)
    #expect(first.change(from: before, transition: .crossfade) == .antiPoisoning(run))
    #expect(planner.nextDue(after: start + 150_000_000, synchronised: true) == start + 1_000_000_000)
    #expect(planner.nextDue(after: start - 500_000_000, synchronised: true) == start)
  }

  @Test func theLongRunStartsOnceOnARepeatedHourAndAfterASkippedOne() throws {
    let schedule = AntiPoisoningSchedule(
      long: AntiPoisoningSchedule.LongRun(start: try Fixtures.time("02:30"), minutes: 10))
    let planner = try Fixtures.planner(antiPoisoning: schedule)
    func running(_ utc: String) throws -> Bool {
      let frame = planner.frame(at: try Fixtures.unix(utc) * 1_000_000_000, synchronised: true)
      if case .antiPoisoning(let run) = frame.activity { return run.kind == .long }
      return false
    }
    // Autumn: 02:30 CEST (00:30Z) runs; 02:30 CET an hour later (01:30Z) does not.
    #expect(try running("2026-10-25T00:30:00Z"))
    #expect(try running("2026-10-25T00:39:59Z"))
    #expect(try !running("2026-10-25T00:40:00Z"))
    #expect(try !running("2026-10-25T01:30:00Z"))
    // Spring: 02:30 does not exist; the run starts at 03:00 CEST (01:00Z).
    #expect(try !running("2026-03-29T00:59:59Z"))
    #expect(try running("2026-03-29T01:00:00Z"))
    // A normal night, crossing into the next day's date does not matter.
    #expect(try running("2026-07-20T00:35:00Z"))
  }

  @Test func aDarkNightSuppressesAntiPoisoning() throws {
    let night = NightMode(from: try Fixtures.time("12:00"), until: try Fixtures.time("13:00"), mode: .dark)
    let planner = try Fixtures.planner(night: night, antiPoisoning: Self.hourly)
    let frame = planner.frame(at: (Self.noonBerlin + 30) * 1_000_000_000, synchronised: true)
    #expect(frame.state.isDark)
    #expect(frame.activity == .face(0))
  }

  @Test(arguments: [
    (UnsynchronisedIndicator.blink, Int64(0), "12:00:00"), (.blink, 499_999_999, "12:00:00"),
    (.blink, 500_000_000, "12 00 00"), (.dark, 0, "12 00 00"), (.none, 700_000_000, "12:00:00"),
  ])
  func anUnsynchronisedClockOwnsUpWithItsSeparators(
    _ indicator: UnsynchronisedIndicator, _ into: Int64, _ expected: String
  ) throws {
    let planner = try Fixtures.planner(indicator: indicator)
    #expect(Fixtures.text(planner, at: Self.noonBerlin, nanoseconds: into, synchronised: false) == expected)
    #expect(Fixtures.text(planner, at: Self.noonBerlin, nanoseconds: into, synchronised: true) == "12:00:00")
  }

  @Test func blinkingAddsAWakeUpInTheMiddleOfEachSecond() throws {
    let planner = try Fixtures.planner()
    let second = Self.noonBerlin * 1_000_000_000
    #expect(planner.nextDue(after: second, synchronised: false) == second + 500_000_000)
    #expect(planner.nextDue(after: second + 500_000_000, synchronised: false) == second + 1_000_000_000)
    #expect(planner.nextDue(after: second, synchronised: true) == second + 1_000_000_000)
  }

  @Test func eachChangeSaysWhyItHappened() throws {
    let planner = try Fixtures.planner(antiPoisoning: Self.hourly)
    let second = Self.noonBerlin * 1_000_000_000
    let on = planner.frame(at: second, synchronised: false)
    let off = planner.frame(at: second + 500_000_000, synchronised: false)
    let next = planner.frame(at: second + 1_000_000_000, synchronised: false)
    #expect(on.change(from: nil, transition: .crossfade) == .value(.crossfade))
    #expect(on.change(from: on, transition: .crossfade) == nil)
    #expect(off.change(from: on, transition: .crossfade) == .blink)
    #expect(next.change(from: off, transition: .slot) == .value(.slot))
    var dimmer = next
    dimmer.brightness = 0.3
    #expect(dimmer.change(from: next, transition: .crossfade) == .brightness)
    let run = planner.frame(at: second + 30_000_000_000, synchronised: true)
    guard case .antiPoisoning(let active) = run.activity else {
      Issue.record("no run")
      return
    }
    #expect(run.change(from: next, transition: .crossfade) == .antiPoisoning(active))
  }
}
