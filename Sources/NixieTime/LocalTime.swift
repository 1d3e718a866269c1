/// A civil date and time of day as a wall clock in some time zone reads it (proleptic
/// Gregorian calendar, no time zone attached).
public struct LocalTime: Hashable, Sendable, CustomStringConvertible {
  public var year: Int
  public var month: Int
  public var day: Int
  public var hour: Int
  public var minute: Int
  public var second: Int

  public init(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int) {
    self.year = year
    self.month = month
    self.day = day
    self.hour = hour
    self.minute = minute
    self.second = second
  }

  /// Seconds since local midnight as the clock reads it (a DST change makes it jump). Wrapping
  /// arithmetic: fields far out of range give a meaningless number, never a trap.
  public var secondOfDay: Int { hour &* 3600 &+ minute &* 60 &+ second }

  /// Whether every field names a real calendar date and time of day within
  /// `GregorianCalendar.supportedYears` (no leap second: `:60` is not a time here).
  public var isValid: Bool {
    guard GregorianCalendar.supportedYears.contains(Int64(year)), (1...12).contains(month) else {
      return false
    }
    return (1...GregorianCalendar.daysInMonth(month, year: Int64(year))).contains(day)
      && (0..<24).contains(hour)
      && (0..<60).contains(minute) && (0..<60).contains(second)
  }

  /// `2026-03-29 03:00:00`.
  public var description: String {
    func pad(_ value: Int, _ width: Int) -> String {
      let digits = String(value.magnitude)
      return (value < 0 ? "-" : "") + String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
    return
      "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2)) \(pad(hour, 2)):\(pad(minute, 2)):\(pad(second, 2))"
  }
}
