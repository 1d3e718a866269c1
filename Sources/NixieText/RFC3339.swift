/// UTC timestamps as RFC 3339 text with microseconds (`2026-11-22T08:44:00.123456Z`), for the
/// frames log, or in whole seconds (`nixie mqtt`'s start time). Pure arithmetic on the civil calendar; no time-zone database involved.
public enum RFC3339 {
  /// `nanoseconds` since the Unix epoch (may be negative) as RFC 3339 UTC with microseconds.
  public static func string(fromUnixNanoseconds nanoseconds: Int64) -> String {
    let (seconds, remainder) = nanoseconds.quotientAndRemainder(dividingBy: 1_000_000_000)
    let wholeSeconds = remainder < 0 ? seconds - 1 : seconds
    let subsecond = remainder < 0 ? remainder + 1_000_000_000 : remainder
    let (days, secondOfDay) = wholeSeconds.quotientAndRemainder(dividingBy: 86_400)
    let day = secondOfDay < 0 ? days - 1 : days
    let second = secondOfDay < 0 ? secondOfDay + 86_400 : secondOfDay
    let (year, month, dayOfMonth) = civilDate(daysSinceEpoch: day)
    return "\(pad(year, 4))-\(pad(month, 2))-\(pad(dayOfMonth, 2))T\(pad(second / 3600, 2)):"
      + "\(pad(second / 60 % 60, 2)):\(pad(second % 60, 2)).\(pad(subsecond / 1000, 6))Z"
  }

  /// `nanoseconds` since the Unix epoch as RFC 3339 UTC in whole seconds (`2026-11-22T08:44:00Z`),
  /// the fraction dropped (towards the past).
  public static func seconds(fromUnixNanoseconds nanoseconds: Int64) -> String {
    let text = string(fromUnixNanoseconds: nanoseconds)
    guard let point = text.lastIndex(of: ".") else { return text }
    return text[..<point] + "Z"
  }

  /// Year, month and day of the proleptic Gregorian calendar (Howard Hinnant's algorithm).
  static func civilDate(daysSinceEpoch: Int64) -> (Int64, Int64, Int64) {
    let z = daysSinceEpoch + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let dayOfEra = z - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let shiftedMonth = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
    let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
    let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    return (year, month, day)
  }

  private static func pad(_ value: Int64, _ width: Int) -> String {
    let digits = String(value)
    return String(repeating: "0", count: max(0, width - digits.count)) + digits
  }
}
