import Foundation
import NixieTime
import Testing

@testable import NixieAlarms

/// An alarm rings at the first instant its local time comes round on one of its days, in the
/// clock's zone, across both DST changes. The expected instants are worked out by hand from the
/// EU's rule (the last Sundays of March and October at 01:00 UTC), not from nixie's zone code.
struct AlarmTests {
  static func zone(_ name: String) throws -> ZoneCalendar {
    let bytes = try #require(FileManager.default.contents(atPath: "/usr/share/zoneinfo/" + name))
    return ZoneCalendar(identifier: name, file: try TZifFile(parsing: [UInt8](bytes), name: name))
  }

  /// The next ring, unwrapped: comparing an optional integer inside `#expect` read past its
  /// storage under AddressSanitizer (swift-testing 6.3's AnyHashable thunk), so tests compare
  /// plain values.
  static func ring(_ alarm: Alarm, after instant: Int64, in zone: ZoneCalendar) throws -> Int64 {
    try #require(alarm.nextRing(after: instant, in: zone))
  }

  static func alarm(_ time: String, days: [String]? = nil, enabled: Bool = true) throws -> Alarm {
    var weekdays = Weekdays.everyDay
    if let days { weekdays = try #require(Weekdays(names: days)) }
    return Alarm(time: try #require(TimeOfDay(time)), days: weekdays, enabled: enabled)
  }

  /// 2026-03-29: Berlin's clocks go from 02:00 CET to 03:00 CEST at 01:00 UTC.
  @Test func springForwardInBerlin() throws {
    let berlin = try Self.zone("Europe/Berlin")
    // 07:00 CEST on the 29th is 05:00 UTC (1774760400), asked on the 28th at 12:00 UTC.
    #expect(try Self.ring(Self.alarm("07:00"), after: 1_774_699_200, in: berlin) == 1_774_760_400)
    // 02:30 does not happen on the 29th: it rings at the first second after the gap, 03:00
    // CEST = 01:00 UTC (1774746000), asked at 00:00 CET (23:00 UTC on the 28th)…
    let skipped = try Self.alarm("02:30")
    #expect(try Self.ring(skipped, after: 1_774_738_800, in: berlin) == 1_774_746_000)
    // …once: next it rings on the 30th at 02:30 CEST = 00:30 UTC (1774830600).
    #expect(try Self.ring(skipped, after: 1_774_746_000, in: berlin) == 1_774_830_600)
  }

  /// 2026-10-25: Berlin's clocks go from 03:00 CEST back to 02:00 CET at 01:00 UTC, so 02:30
  /// happens twice (00:30 and 01:30 UTC).
  @Test func fallBackInBerlinRingsOnceAtTheFirst() throws {
    let berlin = try Self.zone("Europe/Berlin")
    let twice = try Self.alarm("02:30")
    // Asked at 00:00 CEST (22:00 UTC on the 24th): the first 02:30, 00:30 UTC (1792888200).
    #expect(try Self.ring(twice, after: 1_792_879_200, in: berlin) == 1_792_888_200)
    // Then not the second 02:30 (01:30 UTC, 1792891800) but the 26th's, 02:30 CET = 01:30 UTC
    // (1792978200) — also when asked during the repeated hour, as after a restart.
    #expect(try Self.ring(twice, after: 1_792_888_200, in: berlin) == 1_792_978_200)
    #expect(try Self.ring(twice, after: 1_792_891_000, in: berlin) == 1_792_978_200)
  }

  /// Kolkata keeps UTC+5:30 all year. A Monday alarm asked on Wednesday 2026-12-02 (12:00 UTC)
  /// rings on Monday the 7th at 06:45 IST = 01:15 UTC (1796606100).
  @Test func aZoneWithoutDSTAndOneDayAWeek() throws {
    let kolkata = try Self.zone("Asia/Kolkata")
    let monday = try Self.alarm("06:45", days: ["mon"])
    #expect(try Self.ring(monday, after: 1_796_212_800, in: kolkata) == 1_796_606_100)
    // At its instant it is not due again for a week.
    #expect(try Self.ring(monday, after: 1_796_606_100, in: kolkata) == Int64(1_796_606_100 + 7 * 86_400))
    // A second before, it is.
    #expect(try Self.ring(monday, after: 1_796_606_099, in: kolkata) == 1_796_606_100)
  }

  /// The day is the local one: 23:30 UTC on Sunday 2026-12-06 is already Monday in Kolkata, so a
  /// Monday 06:45 alarm rings that morning (01:15 UTC on the 7th), not a week later.
  @Test func theDayIsTheZonesNotUTCs() throws {
    let kolkata = try Self.zone("Asia/Kolkata")
    let monday = try Self.alarm("06:45", days: ["mon"])
    // Sunday 2026-12-06 20:00 UTC = Monday 01:30 IST.
    #expect(try Self.ring(monday, after: 1_796_606_100 - 5 * 3600 - 15 * 60, in: kolkata) == 1_796_606_100)
  }

  @Test func disabledOrDaylessAlarmsNeverRing() throws {
    let utc = try #require(ZoneCalendar.fixed(secondsFromUTC: 0))
    #expect(try Self.alarm("07:00", enabled: false).nextRing(after: 0, in: utc).isNone)
    #expect(try Self.alarm("07:00", days: []).nextRing(after: 0, in: utc).isNone)
  }

  /// Every weekday set of one day rings on that day: 1970-01-01 was a Thursday, so an alarm at
  /// 00:00 UTC for day d (0 Sunday) first rings (d − 4) mod 7 days after the epoch's start
  /// (7 when that is 0: the epoch's own midnight is not after itself).
  @Test(arguments: 0..<7)
  func eachDayOfTheWeek(_ weekday: Int) throws {
    let utc = try #require(ZoneCalendar.fixed(secondsFromUTC: 0))
    let alarm = try Self.alarm("00:00", days: [Weekdays.names[weekday]])
    let days = ((weekday - 4) % 7 + 7) % 7
    #expect(try Self.ring(alarm, after: 0, in: utc) == Int64(days == 0 ? 7 : days) * 86_400)
  }

  @Test func weekdayNames() throws {
    #expect(try #require(Weekdays(names: ["MON", "fri"])).description == "mon, fri")
    #expect(try #require(Weekdays(names: ["sun", "sat"])).description == "sat, sun")
    #expect(Weekdays(names: ["monday"]).isNone)
    #expect(Weekdays.everyDay.description == "mon, tue, wed, thu, fri, sat, sun")
    #expect(try #require(Weekdays(names: [String]())).isEmpty)
  }
}
