import Foundation
import NixieTime
import Testing

/// `instant(atSecondOfDay:dayOf:daysAhead:)` promises exactly what NixieClock's Foundation-based
/// ClockCalendar does. Its arithmetic is repeated here, line for line, and both answer for every
/// half hour (and each side of every change) of the days around DST changes, seen from early,
/// middle and late in the day, for today, the day before and the day after. The zones' rules
/// have not changed since 2013, so Foundation's ICU data agrees with this machine's tzdata.
///
/// One difference, Foundation's: in Lord Howe's 30-minute gap (02:00–02:30 skipped) Foundation's
/// `.nextTime` answers the next day's reading, a day late, instead of the documented "first
/// time after it" (02:30). Ours keeps to the documentation; the test pins where they part.
struct ClockCalendarSemanticsTests {
  /// ClockCalendar.instant as of this branch, with Foundation.
  struct FoundationCalendar {
    let calendar: Calendar

    init(_ identifier: String) throws {
      var calendar = Calendar(identifier: .gregorian)
      calendar.timeZone = try #require(TimeZone(identifier: identifier))
      self.calendar = calendar
    }

    func instant(atSecondOfDay secondOfDay: Int, dayOf unixSeconds: Int64, daysAhead: Int) -> Int64? {
      let date = Date(timeIntervalSince1970: Double(unixSeconds))
      guard let day = calendar.date(byAdding: .day, value: daysAhead, to: calendar.startOfDay(for: date)),
        let found = calendar.date(
          bySettingHour: secondOfDay / 3600, minute: secondOfDay / 60 % 60, second: secondOfDay % 60, of: day,
          matchingPolicy: .nextTime, repeatedTimePolicy: .first, direction: .forward)
      else { return nil }
      return Int64(found.timeIntervalSince1970.rounded(.down))
    }
  }

  @Test(arguments: [
    "Europe/Berlin", "America/New_York", "Australia/Lord_Howe", "Australia/Adelaide", "Asia/Kathmandu",
    "Europe/Dublin", "America/Havana",
  ])
  func answersAsClockCalendarDoes(_ name: String) throws {
    let zone = try Zones.named(name)
    let foundation = try FoundationCalendar(name)
    let changes = zone.transitions(in: 1_735_689_600...1_798_761_600)  // 2025 and 2026
    var problems: [String] = []
    var foundationADayLate = 0
    for change in changes.isEmpty ? [1_767_225_600] : changes {
      let changeSeconds = [zone.local(change - 1).secondOfDay, zone.local(change).secondOfDay]
      let seconds = Set(stride(from: 0, to: 86_400, by: 1800)).union(
        changeSeconds.flatMap { [$0 - 1, $0, $0 + 1] }.filter { (0..<86_400).contains($0) }
      ).sorted()
      for dayShift in [-86_400, 0, 86_400] as [Int64] {
        guard let midnight = zone.instant(atSecondOfDay: 0, dayOf: change + dayShift) else { continue }
        for dayOf in [midnight, midnight + 12 * 3600, midnight + 86_399 - 3600] {
          for secondOfDay in seconds {
            for daysAhead in [-1, 0, 1] {
              let ours = zone.instant(atSecondOfDay: secondOfDay, dayOf: dayOf, daysAhead: daysAhead)
              let theirs = foundation.instant(atSecondOfDay: secondOfDay, dayOf: dayOf, daysAhead: daysAhead)
              if let ours, let theirs, theirs - ours > 43_200,
                zone.instants(at: zone.local(theirs)).count == 1,
                zone.local(theirs).secondOfDay == secondOfDay,
                zone.transitions(in: (ours - 1)...ours) == [ours]
              {
                foundationADayLate += 1
              } else if ours != theirs {
                problems.append(
                  "day of \(dayOf), second \(secondOfDay), \(daysAhead): ours \(ours as Any), Foundation's \(theirs as Any)"
                )
              }
            }
          }
        }
      }
    }
    #expect(problems.isEmpty, "\(problems.count) disagreements, first: \(problems.prefix(10))")
    #expect((foundationADayLate > 0) == (name == "Australia/Lord_Howe"))
  }
}
