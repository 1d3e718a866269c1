import NixieTime

/// How a system tool (zdump, glibc's localtime, Python's zoneinfo) reads one instant in one zone.
struct SystemReading: Equatable, CustomStringConvertible {
  var instant: Int64
  var local: LocalTime
  var type: LocalTimeType

  var description: String {
    "\(instant) = \(local) \(type.abbreviation) isdst=\(type.isDST ? 1 : 0) gmtoff=\(type.secondsFromUTC)"
  }

  /// The same reading one second later, when no change happens in between.
  func nextSecond() -> SystemReading {
    let days = GregorianCalendar.daysSinceEpoch(year: Int64(local.year), month: local.month, day: local.day)
    let seconds = days * 86_400 + Int64(local.secondOfDay) + 1
    let date = GregorianCalendar.date(daysSinceEpoch: seconds / 86_400)
    let second = Int(seconds % 86_400)
    return SystemReading(
      instant: instant + 1,
      local: LocalTime(
        year: Int(date.year), month: date.month, day: date.day, hour: second / 3600, minute: second / 60 % 60,
        second: second % 60),
      type: type)
  }

  /// Where `zone` disagrees with this reading, or nil.
  func mismatch(in zone: ZoneCalendar) -> String? {
    let ours = SystemReading(instant: instant, local: zone.local(instant), type: zone.type(at: instant))
    return ours == self ? nil : "\(zone.identifier) at \(instant): system \(self), ours \(ours)"
  }
}
