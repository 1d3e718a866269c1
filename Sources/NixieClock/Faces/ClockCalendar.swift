import Foundation

/// The Gregorian calendar in one IANA time zone: what a wall clock there reads at an instant,
/// and when it next reads a given time of day. All DST and odd-offset arithmetic (Lord Howe's
/// 30-minute shift, Kathmandu's +5:45) comes from Foundation's time-zone database.
public struct ClockCalendar: Sendable {
  public let timeZone: TimeZone
  private let calendar: Calendar

  public init(timeZone: TimeZone) {
    self.timeZone = timeZone
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = timeZone
    self.calendar = calendar
  }

  /// The zone named `identifier` (IANA, e.g. `Europe/Berlin`), or nil when unknown.
  public init?(identifier: String) {
    guard let zone = TimeZone(identifier: identifier) else { return nil }
    self.init(timeZone: zone)
  }

  /// The local date and time at `unixSeconds`.
  public func local(_ unixSeconds: Int64) -> LocalTime {
    let parts = calendar.dateComponents(
      [.year, .month, .day, .hour, .minute, .second], from: Date(timeIntervalSince1970: Double(unixSeconds)))
    return LocalTime(
      year: parts.year ?? 1970, month: parts.month ?? 1, day: parts.day ?? 1, hour: parts.hour ?? 0,
      minute: parts.minute ?? 0, second: parts.second ?? 0)
  }

  /// The first instant (Unix seconds) at or after local midnight of the day `unixSeconds`
  /// falls on, plus `daysAhead` days, at which the clock reads `secondOfDay` or — when a DST
  /// change skips that time — the first time after it. A repeated time gives its first instant.
  public func instant(atSecondOfDay secondOfDay: Int, dayOf unixSeconds: Int64, daysAhead: Int = 0) -> Int64?
  {
    let date = Date(timeIntervalSince1970: Double(unixSeconds))
    guard let day = calendar.date(byAdding: .day, value: daysAhead, to: calendar.startOfDay(for: date)),
      let found = calendar.date(
        bySettingHour: secondOfDay / 3600, minute: secondOfDay / 60 % 60, second: secondOfDay % 60, of: day,
        matchingPolicy: .nextTime, repeatedTimePolicy: .first, direction: .forward)
    else { return nil }
    return Int64(found.timeIntervalSince1970.rounded(.down))
  }
}
