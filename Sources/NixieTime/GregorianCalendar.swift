/// The proleptic Gregorian calendar as whole days counted from 1970-01-01, the arithmetic under
/// every conversion (Howard Hinnant's `days_from_civil` and `civil_from_days`). Days and years
/// are Int64, so the day of any Int64 Unix second, and its year, are computed without overflow.
public enum GregorianCalendar {
  /// Years that civil dates may name when converted to instants: far beyond 1–9999, and small
  /// enough that their seconds, plus any UTC offset, stay well inside Int64.
  public static let supportedYears: ClosedRange<Int64> = -1_000_000_000...1_000_000_000

  /// Days from 1970-01-01 to `year`-`month`-`day`; `year` within `supportedYears`, `month`
  /// 1…12 and `day` 1…31 (a day past the month's end counts on into the next). Outside those
  /// the arithmetic wraps: a meaningless number, never a trap.
  public static func daysSinceEpoch(year: Int64, month: Int, day: Int) -> Int64 {
    let shiftedYear = month <= 2 ? year &- 1 : year
    let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear &- 399) / 400
    let yearOfEra = shiftedYear &- era &* 400
    let dayOfYear = Int64(
      truncatingIfNeeded: (153 &* (month > 2 ? month &- 3 : month &+ 9) &+ 2) / 5 &+ day &- 1)
    let dayOfEra = yearOfEra &* 365 &+ yearOfEra / 4 &- yearOfEra / 100 &+ dayOfYear
    return era &* 146_097 &+ dayOfEra &- 719_468
  }

  /// The date `days` after 1970-01-01, for any Int64 `days`.
  public static func date(daysSinceEpoch days: Int64) -> (year: Int64, month: Int, day: Int) {
    // Shifting by 719_468 cannot overflow for the days of Int64 seconds (at most 1.1e14);
    // wrapping keeps this total for any input.
    let shifted = days &+ 719_468
    let era = (shifted >= 0 ? shifted : shifted &- 146_096) / 146_097
    let dayOfEra = shifted &- era &* 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let shiftedMonth = (5 * dayOfYear + 2) / 153
    let day = Int(dayOfYear - (153 * shiftedMonth + 2) / 5 + 1)
    let month = Int(shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9)
    return (yearOfEra &+ era &* 400 &+ (month <= 2 ? 1 : 0), month, day)
  }

  public static func isLeapYear(_ year: Int64) -> Bool {
    year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
  }

  /// 28…31; `month` 1…12.
  public static func daysInMonth(_ month: Int, year: Int64) -> Int {
    let lengths = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
    guard (1...12).contains(month) else { return 0 }
    return month == 2 && isLeapYear(year) ? 29 : lengths[month - 1]
  }

  /// 0 for Sunday … 6 for Saturday (1970-01-01 was a Thursday).
  public static func weekday(daysSinceEpoch days: Int64) -> Int {
    Int(((days % 7) + 11) % 7)
  }

  /// Floor division and its non-negative remainder (instants before 1970 stay on the right day).
  static func floorDivide(_ value: Int64, by divisor: Int64) -> (quotient: Int64, remainder: Int64) {
    let (quotient, remainder) = value.quotientAndRemainder(dividingBy: divisor)
    return remainder < 0 ? (quotient - 1, remainder + divisor) : (quotient, remainder)
  }
}
