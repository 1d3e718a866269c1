import NixieTime
import Testing

/// The calendar arithmetic every conversion rests on: known dates (Python's date.toordinal,
/// less 719 163, and its weekday; years 0 and -1 counted back from year 1), and every day of
/// years 1 to 9999 following the one before.
struct GregorianCalendarTests {
  @Test(arguments: [
    (Int64(1970), 1, 1, Int64(0), 4), (1969, 12, 31, -1, 3), (2000, 2, 29, 11_016, 2),
    (2000, 3, 1, 11_017, 3),
    (1, 1, 1, -719_162, 1), (9999, 12, 31, 2_932_896, 5), (1900, 3, 1, -25_508, 4), (2026, 3, 29, 20_541, 0),
    (0, 12, 31, -719_163, 0), (-1, 1, 1, -719_893, 5),
  ])
  func knownDates(_ year: Int64, _ month: Int, _ day: Int, _ days: Int64, _ weekday: Int) {
    #expect(GregorianCalendar.daysSinceEpoch(year: year, month: month, day: day) == days)
    let date = GregorianCalendar.date(daysSinceEpoch: days)
    #expect(date.year == year && date.month == month && date.day == day)
    #expect(GregorianCalendar.weekday(daysSinceEpoch: days) == weekday)
  }

  @Test func everyDayOfYearsOneToNineThousandNineHundredNinetyNineFollowsTheDayBefore() {
    var days = GregorianCalendar.daysSinceEpoch(year: 1, month: 1, day: 1)
    var failures = 0
    for year in Int64(1)...9999 {
      for month in 1...12 {
        for day in 1...GregorianCalendar.daysInMonth(month, year: year) {
          let date = GregorianCalendar.date(daysSinceEpoch: days)
          if date.year != year || date.month != month || date.day != day
            || GregorianCalendar.daysSinceEpoch(year: year, month: month, day: day) != days
          {
            failures += 1
          }
          days += 1
        }
      }
    }
    #expect(failures == 0)
    #expect(days == GregorianCalendar.daysSinceEpoch(year: 10_000, month: 1, day: 1))
  }

  @Test func leapYears() {
    #expect([2000, 2024, 1600, 4, -4, 0].allSatisfy { GregorianCalendar.isLeapYear($0) })
    #expect(![1900, 2100, 2023, 1, -1, 1700].contains { GregorianCalendar.isLeapYear($0) })
  }

  @Test func absurdDatesWrapRatherThanTrap() {
    for year in [Int64.min, Int64.max] {
      for (month, day) in [(Int.min, Int.min), (1, 1), (Int.max, Int.max)] {
        _ = GregorianCalendar.daysSinceEpoch(year: year, month: month, day: day)
      }
    }
    let absurd = LocalTime(
      year: Int.max, month: Int.max, day: Int.min, hour: Int.max, minute: Int.min, second: 1)
    _ = absurd.secondOfDay
    #expect(!absurd.isValid)
    #expect(absurd.description.hasPrefix("9223372036854775807-"))
  }

  @Test func theDayOfAnyInstantIsComputedWithoutTrapping() {
    for days in [Int64.min, Int64.min / 86_400, -1, Int64.max / 86_400, Int64.max] {
      #expect((1...12).contains(GregorianCalendar.date(daysSinceEpoch: days).month))
    }
  }
}
