import NixieClock
import Testing

/// Time zones through Foundation's database: DST forward and back, half-hour and 45-minute
/// offsets, with instants checked against Python's zoneinfo.
struct TimeZoneTests {
  /// (zone, Unix second of the change, the face one second before, the face at the change).
  @Test(arguments: [
    ("Europe/Berlin", Int64(1_774_746_000), "01:59:59", "03:00:00"),
    ("Europe/Berlin", 1_792_890_000, "02:59:59", "02:00:00"),
    ("America/New_York", 1_772_953_200, "01:59:59", "03:00:00"),
    ("America/New_York", 1_793_512_800, "01:59:59", "01:00:00"),
    ("Australia/Lord_Howe", 1_775_314_800, "01:59:59", "01:30:00"),
    ("Australia/Lord_Howe", 1_791_041_400, "01:59:59", "02:30:00"),
    ("Australia/Adelaide", 1_775_320_200, "02:59:59", "02:00:00"),
    ("Australia/Adelaide", 1_791_045_000, "01:59:59", "03:00:00"),
    ("Asia/Kathmandu", 1_767_225_600, "05:44:59", "05:45:00"),
  ])
  func theFaceFollowsEachZoneAcrossItsChanges(
    _ zone: String, _ change: Int64, _ before: String, _ after: String
  )
    throws
  {
    let planner = try Fixtures.planner(zone: zone)
    #expect(Fixtures.text(planner, at: change - 1) == before)
    #expect(Fixtures.text(planner, at: change) == after)
  }

  @Test func lordHoweFallsBackHalfAnHourSoHalfAnHourShowsTwice() throws {
    let planner = try Fixtures.planner(zone: "Australia/Lord_Howe", faces: [("HH:mm", 60)])
    let change: Int64 = 1_775_314_800
    // 01:30–01:59 local is shown in both offsets: the 30 minutes before the change and after.
    #expect(Fixtures.text(planner, at: change - 1800) == "01:30   ")
    #expect(Fixtures.text(planner, at: change) == "01:30   ")
    #expect(Fixtures.text(planner, at: change + 1800) == "02:00   ")
  }

  @Test func kathmanduIsFiveHoursFortyFiveAheadOfUTCAllYear() throws {
    let planner = try Fixtures.planner(zone: "Asia/Kathmandu", faces: [("dd.MM.yy", 60)])
    let newYearUTC = try Fixtures.unix("2026-12-31T18:14:59Z")
    #expect(Fixtures.text(planner, at: newYearUTC) == "31.12.26")
    #expect(Fixtures.text(planner, at: newYearUTC + 1) == "01.01.27")
  }

  @Test func twelveHourFacesWrapAtNoonAndMidnightInEveryZone() throws {
    let planner = try Fixtures.planner(zone: "America/New_York", faces: [("hh:mm:ss", 60)])
    let midnight = try Fixtures.unix("2026-07-04T04:00:00Z")
    #expect(Fixtures.text(planner, at: midnight) == "12:00:00")
    #expect(Fixtures.text(planner, at: midnight + 3600) == "01:00:00")
    #expect(Fixtures.text(planner, at: midnight + 13 * 3600) == "01:00:00")
  }

  @Test func theDailyInstantOfALocalTimeSkipsForwardOverAGapAndTakesTheFirstOfARepeat() throws {
    let berlin = try Fixtures.calendar("Europe/Berlin")
    let springDay = try Fixtures.unix("2026-03-29T12:00:00Z")
    let gap = berlin.instant(atSecondOfDay: 2 * 3600 + 1800, dayOf: springDay)
    #expect(gap.map { berlin.local($0).description } == "2026-03-29 03:00:00")
    let autumnDay = try Fixtures.unix("2026-10-25T12:00:00Z")
    let repeated = berlin.instant(atSecondOfDay: 2 * 3600 + 1800, dayOf: autumnDay)
    let firstOfTheRepeat = try Fixtures.unix("2026-10-25T00:30:00Z")
    #expect(repeated == firstOfTheRepeat)
  }
}
