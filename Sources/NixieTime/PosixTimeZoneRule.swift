/// A zone's rule as a POSIX TZ string such as `CET-1CEST,M3.5.0,M10.5.0/3`: a standard time,
/// and optionally a daylight saving time with the two yearly changes between them. A TZif
/// file's footer holds one for instants after its table of transitions; a `TZ` environment
/// value may be one. RFC 8536 section 3.3.1's extensions are accepted: change times from
/// −167 h to +167 h, so a change may fall on the previous or next day, or all year in DST.
public struct PosixTimeZoneRule: Hashable, Sendable {
  /// A day of the year a change happens on.
  public enum Day: Hashable, Sendable {
    /// `Jn`: day 1…365, February 29 never counted (J60 is always March 1).
    case julianSkippingLeapDay(Int)
    /// `n`: day 0…365 counted from January 1, February 29 included.
    case zeroBased(Int)
    /// `Mm.w.d`: weekday `weekday` (0 Sunday … 6 Saturday) of week `week` (1…5, 5 meaning the
    /// last) of month `month`.
    case monthWeekday(month: Int, week: Int, weekday: Int)
  }

  /// A change: on `day`, when the clock (still in the time before the change) reads
  /// `secondsIntoDay`, which may be negative or past 24 h.
  public struct Change: Hashable, Sendable {
    public let day: Day
    public let secondsIntoDay: Int
  }

  /// Daylight saving time: its type and when each year it starts and ends.
  public struct Daylight: Hashable, Sendable {
    public let type: LocalTimeType
    public let start: Change
    public let end: Change
  }

  public let standard: LocalTimeType
  /// Nil for a zone without daylight saving time (`<+0545>-5:45`, `JST-9`).
  public let daylight: Daylight?

  public init(standard: LocalTimeType, daylight: Daylight?) {
    self.standard = standard
    self.daylight = daylight
  }

  /// Parses a TZ string (no leading `:`); `ZoneError.Reason.invalidRule` says at which column.
  public init(parsing text: String) throws(ZoneError) {
    var parser = PosixTimeZoneRuleParser(text)
    self = try parser.parse()
  }

  /// The type in effect at `unixSeconds`. As glibc and Python's zoneinfo do, the year's two
  /// changes are computed for the UTC year of the instant; when the end comes before the start
  /// (a southern summer spanning the new year) DST is in effect outside the two.
  public func type(at unixSeconds: Int64) -> LocalTimeType {
    guard let daylight else { return standard }
    let day = GregorianCalendar.floorDivide(unixSeconds, by: 86_400).quotient
    let year = GregorianCalendar.date(daysSinceEpoch: day).year
    guard let yearChanges = changes(inYear: year, daylight) else { return standard }
    let (start, end) = yearChanges
    let inDaylight =
      start > end ? (unixSeconds < end || unixSeconds >= start) : (unixSeconds >= start && unixSeconds < end)
    return inDaylight ? daylight.type : standard
  }

  /// The instants at which `type(at:)` may change within `range`, ascending: each year's start
  /// and end of DST and, where the answer is computed per year, each January 1 (UTC).
  func changeCandidates(in range: ClosedRange<Int64>) -> [Int64] {
    guard let daylight else { return [] }
    let first = GregorianCalendar.date(
      daysSinceEpoch: GregorianCalendar.floorDivide(range.lowerBound, by: 86_400).quotient
    ).year
    let last = GregorianCalendar.date(
      daysSinceEpoch: GregorianCalendar.floorDivide(range.upperBound, by: 86_400).quotient
    ).year
    var candidates: [Int64] = []
    var year = first
    while year <= last {
      if let yearChanges = changes(inYear: year, daylight) {
        candidates += [yearChanges.start, yearChanges.end]
      }
      if let yearStart = Self.seconds(days: GregorianCalendar.daysSinceEpoch(year: year, month: 1, day: 1)) {
        candidates.append(yearStart)
      }
      year += 1
    }
    return candidates.filter { range.contains($0) }.sorted()
  }

  /// The UTC instants of the start and end of DST in `year`, nil when out of Int64's reach.
  func changes(inYear year: Int64, _ daylight: Daylight) -> (start: Int64, end: Int64)? {
    guard GregorianCalendar.supportedYears.contains(year),
      let start = Self.instant(of: daylight.start, inYear: year, secondsFromUTC: standard.secondsFromUTC),
      let end = Self.instant(of: daylight.end, inYear: year, secondsFromUTC: daylight.type.secondsFromUTC)
    else { return nil }
    return (start, end)
  }

  private static func instant(of change: Change, inYear year: Int64, secondsFromUTC: Int) -> Int64? {
    let days = day(change.day, inYear: year)
    guard let midnight = seconds(days: days) else { return nil }
    return midnight + Int64(change.secondsIntoDay) - Int64(secondsFromUTC)
  }

  private static func seconds(days: Int64) -> Int64? {
    let (seconds, overflow) = days.multipliedReportingOverflow(by: 86_400)
    return overflow ? nil : seconds
  }

  /// Days since 1970-01-01 of `day` in `year`.
  static func day(_ day: Day, inYear year: Int64) -> Int64 {
    let january1 = GregorianCalendar.daysSinceEpoch(year: year, month: 1, day: 1)
    switch day {
    case .julianSkippingLeapDay(let number):
      let leapDay: Int64 = GregorianCalendar.isLeapYear(year) && number >= 60 ? 1 : 0
      return january1 + Int64(number - 1) + leapDay
    case .zeroBased(let number):
      return january1 + Int64(number)
    case .monthWeekday(let month, let week, let weekday):
      let first = GregorianCalendar.daysSinceEpoch(year: year, month: month, day: 1)
      let firstMatch = (weekday - GregorianCalendar.weekday(daysSinceEpoch: first) + 7) % 7
      var dayOfMonth = firstMatch + (week - 1) * 7
      while dayOfMonth >= GregorianCalendar.daysInMonth(month, year: year) { dayOfMonth -= 7 }
      return first + Int64(dayOfMonth)
    }
  }
}
