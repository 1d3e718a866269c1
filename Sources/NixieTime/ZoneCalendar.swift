/// The Gregorian calendar in one time zone: what a wall clock there reads at an instant, which
/// instants a wall-clock reading names, and when the clock next reads a time of day. The zone
/// is a TZif file's table of transitions with its footer's POSIX rule for later instants (see
/// `ZoneDatabase`), a TZ rule alone, or a fixed offset. Pure arithmetic on Int64 Unix seconds:
/// any instant converts without overflow, and civil dates of years 1–9999 (and far beyond,
/// see `GregorianCalendar.supportedYears`) convert back.
public struct ZoneCalendar: Hashable, Sendable {
  /// `Europe/Berlin`, `localtime` for an unnamed system zone, a TZ string, or `+01:00`.
  public let identifier: String
  private let transitions: [Int64]
  private let transitionTypes: [UInt8]
  private let types: [LocalTimeType]
  private let rule: PosixTimeZoneRule?
  /// The smallest and largest offset any instant can have, to bound searches by local time.
  private let offsets: ClosedRange<Int>

  /// The zone a TZif file describes, under the name `identifier`.
  public init(identifier: String, file: TZifFile) {
    self.init(
      identifier: identifier, transitions: file.transitions, transitionTypes: file.transitionTypes,
      types: file.types, rule: file.rule)
  }

  /// A zone following `rule` at every instant (a TZ environment value such as `CET-1CEST,…`).
  public init(identifier: String, rule: PosixTimeZoneRule) {
    self.init(
      identifier: identifier, transitions: [], transitionTypes: [], types: [rule.standard], rule: rule)
  }

  private init(
    identifier: String, transitions: [Int64], transitionTypes: [UInt8], types: [LocalTimeType],
    rule: PosixTimeZoneRule?
  ) {
    self.identifier = identifier
    self.transitions = transitions
    self.transitionTypes = transitionTypes
    self.types = types.isEmpty ? [Self.utcType] : types
    self.rule = rule
    let all = self.types + [rule?.standard, rule?.daylight?.type].compactMap { $0 }
    let secondsFromUTC = all.map(\.secondsFromUTC)
    self.offsets = (secondsFromUTC.min() ?? 0)...(secondsFromUTC.max() ?? 0)
  }

  private static let utcType = LocalTimeType(secondsFromUTC: 0, isDST: false, abbreviation: "UTC")

  /// Coordinated Universal Time, the zone of a system without one.
  public static let utc = ZoneCalendar(
    identifier: "UTC", rule: PosixTimeZoneRule(standard: utcType, daylight: nil))

  /// A zone that is always `secondsFromUTC` ahead of UTC (an ISO 8601 `+01:00` or `Z`), named
  /// and abbreviated like `+01:00`; nil beyond ±26 hours.
  public static func fixed(secondsFromUTC: Int) -> ZoneCalendar? {
    guard (-LocalTimeType.offsetLimit...LocalTimeType.offsetLimit).contains(secondsFromUTC) else {
      return nil
    }
    let name = LocalTimeType.offsetText(secondsFromUTC)
    let type = LocalTimeType(secondsFromUTC: secondsFromUTC, isDST: false, abbreviation: name)
    return ZoneCalendar(identifier: name, rule: PosixTimeZoneRule(standard: type, daylight: nil))
  }

  // MARK: Instant to local time

  /// The offset, DST flag and abbreviation in effect at `unixSeconds`: before the first
  /// transition the file's first type (RFC 8536), after the last its footer's rule.
  public func type(at unixSeconds: Int64) -> LocalTimeType {
    guard let first = transitions.first, let last = transitions.last else {
      return rule?.type(at: unixSeconds) ?? types[0]
    }
    if unixSeconds < first { return types[0] }
    if unixSeconds >= last, let rule { return rule.type(at: unixSeconds) }
    return types[Int(transitionTypes[lastTransitionIndex(atOrBefore: unixSeconds)])]
  }

  /// The local date and time at `unixSeconds`.
  public func local(_ unixSeconds: Int64) -> LocalTime {
    let (days, secondOfDay) = localDayAndSecond(unixSeconds)
    let date = GregorianCalendar.date(daysSinceEpoch: days)
    return LocalTime(
      year: Int(clamping: date.year), month: date.month, day: date.day, hour: Int(secondOfDay / 3600),
      minute: Int(secondOfDay / 60 % 60), second: Int(secondOfDay % 60))
  }

  /// Days since 1970-01-01 and seconds into that day of the local time at `unixSeconds`,
  /// computed so that no offset can overflow.
  private func localDayAndSecond(_ unixSeconds: Int64) -> (days: Int64, second: Int64) {
    let (days, second) = GregorianCalendar.floorDivide(unixSeconds, by: 86_400)
    let shifted = GregorianCalendar.floorDivide(
      second + Int64(type(at: unixSeconds).secondsFromUTC), by: 86_400)
    return (days + shifted.quotient, shifted.remainder)
  }

  /// The instants within `range` at which the offset, the DST flag or the abbreviation
  /// changes (from the table and, past it, the rule), ascending; the first `limit` of them,
  /// since a rule changes twice a year for ever.
  public func transitions(in range: ClosedRange<Int64>, limit: Int = 1_000) -> [Int64] {
    var found: [Int64] = []
    var cursor = range.lowerBound
    // With a DST rule, the rule's part is walked a year at a time, and given up after two
    // years without a change (a rule that does not change in a year never does).
    let ruleStart: Int64? = rule?.daylight == nil ? nil : (transitions.last ?? Int64.min)
    var quietYears = 0
    while found.count < limit, quietYears < 2 {
      let pieceEnd: Int64
      if let ruleStart, cursor >= ruleStart {
        let (end, overflow) = cursor.addingReportingOverflow(366 * 86_400)
        pieceEnd = overflow ? Int64.max : end
      } else {
        pieceEnd = ruleStart.map { $0 - 1 } ?? Int64.max
      }
      let end = min(pieceEnd, range.upperBound)
      let before = found.count
      for candidate in changeCandidates(in: cursor...end) where found.count < limit {
        if candidate > Int64.min && type(at: candidate) != type(at: candidate - 1) { found.append(candidate) }
      }
      if let ruleStart, cursor >= ruleStart { quietYears = found.count == before ? quietYears + 1 : 0 }
      if end == range.upperBound { break }
      cursor = end + 1
    }
    return found
  }

  /// Bytes this zone's tables take (for memory figures; the strings of abbreviations of up to
  /// 15 bytes live inside `LocalTimeType`).
  public var approximateSize: Int {
    MemoryLayout<Self>.size + transitions.count * MemoryLayout<Int64>.stride + transitionTypes.count
      + types.count * MemoryLayout<LocalTimeType>.stride
  }

  // MARK: Local time to instants

  /// The instants at which the clock reads `local`: none when a change skips it (or it is not
  /// a valid date and time), one, or two (or more, in a zone that turns back repeatedly) when
  /// a change repeats it, ascending.
  public func instants(at local: LocalTime) -> [Int64] {
    guard let wall = Self.localSeconds(local) else { return [] }
    var found: [Int64] = []
    for segment in segments(aroundLocal: wall) {
      let candidate = wall - Int64(segment.type.secondsFromUTC)
      if segment.range.contains(candidate) { found.append(candidate) }
    }
    return found
  }

  /// The first instant at which the clock reads `local` or a later time: its first instant
  /// when it exists, else the instant a change skips it at. Nil for an invalid `local`.
  public func firstInstant(atOrAfter local: LocalTime) -> Int64? {
    Self.localSeconds(local).flatMap(firstInstant(atOrAfterWall:))
  }

  /// The first instant (Unix seconds) at or after local midnight of the day `unixSeconds`
  /// falls on, plus `daysAhead` days, at which the clock reads `secondOfDay` or — when a DST
  /// change skips that time — the first time after it. A repeated time gives its first instant.
  /// Nil when `secondOfDay` is not within 0..<86400 or the day is out of range.
  public func instant(atSecondOfDay secondOfDay: Int, dayOf unixSeconds: Int64, daysAhead: Int = 0) -> Int64?
  {
    guard (0..<86_400).contains(secondOfDay) else { return nil }
    let (target, overflow) = localDayAndSecond(unixSeconds).days.addingReportingOverflow(Int64(daysAhead))
    guard !overflow, Self.supportedDays.contains(target) else { return nil }
    return firstInstant(atOrAfterWall: target * 86_400 + Int64(secondOfDay))
  }

  /// The first instant whose wall-clock seconds (local seconds since 1970-01-01) are `wall` or
  /// later. Within one segment the wall clock runs with the instant, so the answer is either
  /// `wall` read in some segment or the start of the first segment that begins past it.
  private func firstInstant(atOrAfterWall wall: Int64) -> Int64? {
    for segment in segments(aroundLocal: wall) {
      let offset = Int64(segment.type.secondsFromUTC)
      if segment.range.lowerBound + offset >= wall { return segment.range.lowerBound }
      if segment.range.contains(wall - offset) { return wall - offset }
    }
    return nil
  }

  /// Days of `GregorianCalendar.supportedYears`.
  private static let supportedDays: ClosedRange<Int64> = {
    let years = GregorianCalendar.supportedYears
    let first = GregorianCalendar.daysSinceEpoch(year: years.lowerBound, month: 1, day: 1)
    return first...GregorianCalendar.daysSinceEpoch(year: years.upperBound, month: 12, day: 31)
  }()

  /// `local` as seconds since 1970-01-01 on the wall clock, nil when it is not a valid time.
  private static func localSeconds(_ local: LocalTime) -> Int64? {
    guard local.isValid else { return nil }
    let days = GregorianCalendar.daysSinceEpoch(year: Int64(local.year), month: local.month, day: local.day)
    return days * 86_400 + Int64(local.secondOfDay)
  }

  // MARK: Segments

  /// A stretch of instants with one type.
  struct Segment {
    var range: ClosedRange<Int64>
    var type: LocalTimeType
  }

  /// The stretches of constant type covering every instant whose wall clock could read `wall`:
  /// from one where the clock is surely before `wall` to one where it is surely at or past it.
  /// With offsets within ±26 h this spans at most 52 hours.
  func segments(aroundLocal wall: Int64) -> [Segment] {
    let first = wall - Int64(offsets.upperBound) - 1
    let last = wall - Int64(offsets.lowerBound)
    let starts = [first] + changeCandidates(in: (first + 1)...last)
    var segments: [Segment] = []
    segments.reserveCapacity(starts.count)
    for (index, start) in starts.enumerated() {
      let end = index + 1 < starts.count ? starts[index + 1] - 1 : last
      segments.append(Segment(range: start...end, type: type(at: start)))
    }
    return segments
  }

  /// Instants within `range` at which the type may change, ascending and distinct.
  private func changeCandidates(in range: ClosedRange<Int64>) -> [Int64] {
    var candidates: [Int64] = []
    var index = firstTransitionIndex(atOrAfter: range.lowerBound)
    while index < transitions.count, transitions[index] <= range.upperBound {
      candidates.append(transitions[index])
      index += 1
    }
    if let rule {
      let ruleStart = transitions.last ?? Int64.min
      if ruleStart <= range.upperBound {
        candidates += rule.changeCandidates(in: max(ruleStart, range.lowerBound)...range.upperBound)
      }
    }
    var distinct: [Int64] = []
    for candidate in candidates.sorted() where candidate != distinct.last { distinct.append(candidate) }
    return distinct
  }

  // MARK: Searching the table

  /// The index of the last transition at or before `instant`; `transitions[0] <= instant`.
  private func lastTransitionIndex(atOrBefore instant: Int64) -> Int {
    max(0, countOfTransitions { $0 <= instant } - 1)
  }

  /// The index of the first transition at or after `instant` (`transitions.count` if none).
  private func firstTransitionIndex(atOrAfter instant: Int64) -> Int {
    countOfTransitions { $0 < instant }
  }

  /// How many transitions, from the first, satisfy `isBefore` (a binary search: the table is
  /// ascending, so they form a prefix).
  private func countOfTransitions(_ isBefore: (Int64) -> Bool) -> Int {
    var low = 0
    var high = transitions.count
    while low < high {
      let middle = low + (high - low) / 2
      if isBefore(transitions[middle]) { low = middle + 1 } else { high = middle }
    }
    return low
  }
}
