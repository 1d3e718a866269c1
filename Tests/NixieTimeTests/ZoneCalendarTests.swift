import NixieTime
import Testing

/// The awkward zones by hand, with instants and readings as zdump prints them (Debian 12,
/// tzdata 2025b): each row is a change, read one second before and at the change.
struct ZoneCalendarTests {
  struct Change: CustomTestStringConvertible, Sendable {
    var zone: String
    var instant: Int64
    var before: String
    var beforeType: (Int, Bool, String)
    var after: String
    var afterType: (Int, Bool, String)
    var testDescription: String { "\(zone) at \(instant)" }
  }

  static let changes: [Change] = [
    // Lord Howe: a 30-minute DST.
    .init(
      zone: "Australia/Lord_Howe", instant: 1_775_314_800, before: "2026-04-05 01:59:59",
      beforeType: (39_600, true, "+11"), after: "2026-04-05 01:30:00", afterType: (37_800, false, "+1030")),
    .init(
      zone: "Australia/Lord_Howe", instant: 1_791_041_400, before: "2026-10-04 01:59:59",
      beforeType: (37_800, false, "+1030"), after: "2026-10-04 02:30:00", afterType: (39_600, true, "+11")),
    // Kathmandu moves from +5:30 to +5:45, skipping a quarter of an hour.
    .init(
      zone: "Asia/Kathmandu", instant: 504_901_800, before: "1985-12-31 23:59:59",
      beforeType: (19_800, false, "+0530"), after: "1986-01-01 00:15:00", afterType: (20_700, false, "+0545")),
    // Dublin: winter GMT is the "DST", an hour behind the standard IST.
    .init(
      zone: "Europe/Dublin", instant: 1_774_746_000, before: "2026-03-29 00:59:59",
      beforeType: (0, true, "GMT"),
      after: "2026-03-29 02:00:00", afterType: (3600, false, "IST")),
    .init(
      zone: "Europe/Dublin", instant: 1_792_890_000, before: "2026-10-25 01:59:59",
      beforeType: (3600, false, "IST"), after: "2026-10-25 01:00:00", afterType: (0, true, "GMT")),
    // Casablanca falls back to +00 for Ramadan.
    .init(
      zone: "Africa/Casablanca", instant: 1_771_120_800, before: "2026-02-15 02:59:59",
      beforeType: (3600, false, "+01"), after: "2026-02-15 02:00:00", afterType: (0, true, "+00")),
    .init(
      zone: "Africa/Casablanca", instant: 1_774_144_800, before: "2026-03-22 01:59:59",
      beforeType: (0, true, "+00"),
      after: "2026-03-22 03:00:00", afterType: (3600, false, "+01")),
    // Samoa skips 2011-12-30 entirely, crossing the date line.
    .init(
      zone: "Pacific/Apia", instant: 1_325_239_200, before: "2011-12-29 23:59:59",
      beforeType: (-36_000, true, "-10"), after: "2011-12-31 00:00:00", afterType: (50_400, true, "+14")),
    // Troll: a two-hour DST.
    .init(
      zone: "Antarctica/Troll", instant: 1_774_746_000, before: "2026-03-29 00:59:59",
      beforeType: (0, false, "+00"),
      after: "2026-03-29 03:00:00", afterType: (7200, true, "+02")),
    .init(
      zone: "Antarctica/Troll", instant: 1_792_890_000, before: "2026-10-25 02:59:59",
      beforeType: (7200, true, "+02"), after: "2026-10-25 01:00:00", afterType: (0, false, "+00")),
    // Nuuk: from -3 to -2 standard time in 2023, then -2/-1 with DST at -1 h local changes.
    .init(
      zone: "America/Nuuk", instant: 1_679_792_400, before: "2023-03-25 21:59:59",
      beforeType: (-10_800, false, "-03"), after: "2023-03-25 23:00:00", afterType: (-7200, false, "-02")),
    .init(
      zone: "America/Nuuk", instant: 1_711_846_800, before: "2024-03-30 22:59:59",
      beforeType: (-7200, false, "-02"), after: "2024-03-31 00:00:00", afterType: (-3600, true, "-01")),
    .init(
      zone: "America/Nuuk", instant: 1_729_990_800, before: "2024-10-26 23:59:59",
      beforeType: (-3600, true, "-01"), after: "2024-10-26 23:00:00", afterType: (-7200, false, "-02")),
    // Past 2037: the footer's POSIX rule, north and south.
    .init(
      zone: "Europe/Berlin", instant: 2_216_250_000, before: "2040-03-25 01:59:59",
      beforeType: (3600, false, "CET"),
      after: "2040-03-25 03:00:00", afterType: (7200, true, "CEST")),
    .init(
      zone: "Europe/Berlin", instant: 2_234_998_800, before: "2040-10-28 02:59:59",
      beforeType: (7200, true, "CEST"), after: "2040-10-28 02:00:00", afterType: (3600, false, "CET")),
    .init(
      zone: "America/New_York", instant: 4_108_690_800, before: "2100-03-14 01:59:59",
      beforeType: (-18_000, false, "EST"), after: "2100-03-14 03:00:00", afterType: (-14_400, true, "EDT")),
    .init(
      zone: "America/New_York", instant: 4_129_250_400, before: "2100-11-07 01:59:59",
      beforeType: (-14_400, true, "EDT"), after: "2100-11-07 01:00:00", afterType: (-18_000, false, "EST")),
    .init(
      zone: "Australia/Sydney", instant: 4_110_451_200, before: "2100-04-04 02:59:59",
      beforeType: (39_600, true, "AEDT"), after: "2100-04-04 02:00:00", afterType: (36_000, false, "AEST")),
    .init(
      zone: "Australia/Sydney", instant: 4_126_176_000, before: "2100-10-03 01:59:59",
      beforeType: (36_000, false, "AEST"), after: "2100-10-03 03:00:00", afterType: (39_600, true, "AEDT")),
  ]

  @Test(arguments: changes)
  func readsEachChangeAsZdumpDoes(_ change: Change) throws {
    let zone = try Zones.named(change.zone)
    func type(_ values: (Int, Bool, String)) -> LocalTimeType {
      LocalTimeType(secondsFromUTC: values.0, isDST: values.1, abbreviation: values.2)
    }
    #expect(zone.local(change.instant - 1).description == change.before)
    #expect(zone.type(at: change.instant - 1) == type(change.beforeType))
    #expect(zone.local(change.instant).description == change.after)
    #expect(zone.type(at: change.instant) == type(change.afterType))
    #expect(zone.transitions(in: (change.instant - 86_400)...(change.instant + 86_400)) == [change.instant])
  }

  struct Lookup: CustomTestStringConvertible, Sendable {
    var zone: String
    var local: LocalTime
    var instants: [Int64]
    var first: Int64?
    var testDescription: String { "\(zone) \(local)" }
  }

  static let lookups: [Lookup] = [
    .init(zone: "Europe/Berlin", local: Zones.time(2026, 3, 29, 2, 30), instants: [], first: 1_774_746_000),
    .init(
      zone: "Europe/Berlin", local: Zones.time(2026, 10, 25, 2, 30),
      instants: [1_792_888_200, 1_792_891_800], first: 1_792_888_200),
    .init(
      zone: "Europe/Berlin", local: Zones.time(2026, 10, 25, 3, 0), instants: [1_792_893_600],
      first: 1_792_893_600),
    .init(
      zone: "Australia/Lord_Howe", local: Zones.time(2026, 4, 5, 1, 45),
      instants: [1_775_313_900, 1_775_315_700], first: 1_775_313_900),
    .init(
      zone: "Australia/Lord_Howe", local: Zones.time(2026, 10, 4, 2, 15), instants: [], first: 1_791_041_400),
    .init(zone: "Asia/Kathmandu", local: Zones.time(1986, 1, 1, 0, 10), instants: [], first: 504_901_800),
    .init(
      zone: "Europe/Dublin", local: Zones.time(2026, 10, 25, 1, 30),
      instants: [1_792_888_200, 1_792_891_800], first: 1_792_888_200),
    .init(
      zone: "Africa/Casablanca", local: Zones.time(2026, 2, 15, 2, 30),
      instants: [1_771_119_000, 1_771_122_600], first: 1_771_119_000),
    .init(
      zone: "Africa/Casablanca", local: Zones.time(2026, 3, 22, 2, 30), instants: [], first: 1_774_144_800),
    .init(zone: "Pacific/Apia", local: Zones.time(2011, 12, 30, 12, 0), instants: [], first: 1_325_239_200),
    .init(
      zone: "Antarctica/Troll", local: Zones.time(2026, 3, 29, 2, 59, 59), instants: [], first: 1_774_746_000),
    .init(
      zone: "America/Nuuk", local: Zones.time(2024, 10, 26, 23, 30),
      instants: [1_729_989_000, 1_729_992_600], first: 1_729_989_000),
    .init(
      zone: "America/New_York", local: Zones.time(2100, 11, 7, 1, 0),
      instants: [4_129_246_800, 4_129_250_400], first: 4_129_246_800),
    .init(zone: "Europe/Berlin", local: Zones.time(2026, 2, 29, 12, 0), instants: [], first: nil),
    .init(zone: "Europe/Berlin", local: Zones.time(2026, 1, 1, 24, 0), instants: [], first: nil),
    .init(zone: "Europe/Berlin", local: Zones.time(2026, 1, 1, 23, 59, 60), instants: [], first: nil),
  ]

  /// Local times in gaps name no instant, in overlaps two; the first instant at or after a
  /// skipped time is the change that skips it.
  @Test(arguments: lookups)
  func localTimesNameNoneOneOrTwoInstants(_ lookup: Lookup) throws {
    let calendar = try Zones.named(lookup.zone)
    #expect(calendar.instants(at: lookup.local) == lookup.instants)
    #expect(calendar.firstInstant(atOrAfter: lookup.local) == lookup.first)
    for instant in lookup.instants { #expect(calendar.local(instant) == lookup.local) }
  }

  /// ClockCalendar's cases: a skipped time gives the first time after it, a repeated time its
  /// first instant; days ahead and behind count calendar days, DST or not.
  @Test func theDailyInstantSkipsForwardOverAGapAndTakesTheFirstOfARepeat() throws {
    let berlin = try Zones.named("Europe/Berlin")
    let springNoon: Int64 = 1_774_785_600  // 2026-03-29 12:00 UTC
    #expect(
      berlin.instant(atSecondOfDay: 9000, dayOf: springNoon).map { berlin.local($0).description }
        == "2026-03-29 03:00:00")
    let autumnNoon: Int64 = 1_792_929_600  // 2026-10-25 12:00 UTC
    #expect(berlin.instant(atSecondOfDay: 9000, dayOf: autumnNoon) == 1_792_888_200)
    #expect(berlin.instant(atSecondOfDay: 9000, dayOf: autumnNoon, daysAhead: -1) == 1_792_801_800)
    #expect(berlin.instant(atSecondOfDay: 0, dayOf: springNoon, daysAhead: 1) == 1_774_821_600)
    #expect(berlin.instant(atSecondOfDay: 86_400, dayOf: springNoon) == nil)
    #expect(berlin.instant(atSecondOfDay: -1, dayOf: springNoon) == nil)
    let samoa = try Zones.named("Pacific/Apia")
    // From 2011-12-29, the next day's noon does not exist: the first time after is midnight of the 31st.
    #expect(samoa.instant(atSecondOfDay: 43_200, dayOf: 1_325_196_000, daysAhead: 1) == 1_325_239_200)
  }

  @Test func yearsOneToNineThousandNineHundredNinetyNineConvertBothWays() throws {
    let berlin = try Zones.named("Europe/Berlin")
    let yearOne: Int64 = -62_135_596_800  // 0001-01-01T00:00:00Z; Berlin's LMT is +0:53:28
    #expect(berlin.local(yearOne).description == "0001-01-01 00:53:28")
    #expect(berlin.instants(at: Zones.time(1, 1, 1, 0, 53, 28)) == [yearOne])
    let lastSecond: Int64 = 253_402_300_799  // 9999-12-31T23:59:59Z
    #expect(berlin.local(lastSecond).description == "10000-01-01 00:59:59")
    #expect(berlin.instants(at: Zones.time(9999, 12, 31, 23, 59, 59)) == [lastSecond - 3600])
    #expect(berlin.type(at: lastSecond).abbreviation == "CET")
  }

  @Test func extremeInstantsAndDatesNeitherTrapNorWrap() throws {
    for name in ["Europe/Berlin", "Australia/Lord_Howe", "Pacific/Kiritimati", "America/Adak", "UTC"] {
      let zone = try Zones.named(name)
      for instant in [Int64.min, Int64.min + 1, -1, 0, Int64.max - 1, Int64.max] {
        let local = zone.local(instant)
        #expect((1...12).contains(local.month))
        _ = zone.type(at: instant)
        _ = zone.instant(atSecondOfDay: 0, dayOf: instant, daysAhead: 1)
      }
      #expect(zone.instant(atSecondOfDay: 0, dayOf: Int64.max, daysAhead: Int.max) == nil)
      #expect(zone.instant(atSecondOfDay: 0, dayOf: Int64.min, daysAhead: Int.min) == nil)
      #expect(zone.instants(at: Zones.time(Int.max, 1, 1, 0, 0)).isEmpty)
      #expect(zone.instants(at: Zones.time(Int.min, 1, 1, 0, 0)).isEmpty)
      #expect(zone.transitions(in: Int64.min...Int64.max, limit: 50).count <= 50)
      #expect(zone.local(Int64.max).year == 292_277_026_596)
    }
  }

  @Test func fixedOffsetsAndUTC() throws {
    let plusOne = try #require(ZoneCalendar.fixed(secondsFromUTC: 3600))
    #expect(plusOne.identifier == "+01:00")
    #expect(plusOne.local(0).description == "1970-01-01 01:00:00")
    #expect(plusOne.type(at: 0) == LocalTimeType(secondsFromUTC: 3600, isDST: false, abbreviation: "+01:00"))
    #expect(ZoneCalendar.fixed(secondsFromUTC: -(5 * 3600 + 1800))?.identifier == "-05:30")
    #expect(ZoneCalendar.fixed(secondsFromUTC: 20_730)?.identifier == "+05:45:30")
    #expect(ZoneCalendar.fixed(secondsFromUTC: 0)?.identifier == "+00:00")
    #expect(ZoneCalendar.fixed(secondsFromUTC: 27 * 3600) == nil)
    #expect(ZoneCalendar.utc.identifier == "UTC")
    #expect(ZoneCalendar.utc.local(1_774_746_000).description == "2026-03-29 01:00:00")
    #expect(ZoneCalendar.utc.transitions(in: Int64.min...Int64.max).isEmpty)
  }

  /// Whatever the zone does, every instant is among the instants its own local time names,
  /// and the first instant at or after a local time is never later than one that reads it.
  @Test(arguments: ["Europe/Berlin", "Australia/Lord_Howe", "America/Nuuk", "Pacific/Apia", "Europe/Dublin"])
  func everyInstantIsFoundFromItsLocalTime(_ name: String) throws {
    let zone = try Zones.named(name)
    var random = SeededInstants(seed: 0x7153)
    for _ in 0..<2_000 {
      let instant = random.next(in: -2_208_988_800...7_258_118_400)
      let local = zone.local(instant)
      let found = zone.instants(at: local)
      #expect(found.contains(instant), "\(name) \(instant) \(local) \(found)")
      #expect(zone.firstInstant(atOrAfter: local) == found.first)
    }
  }
}
