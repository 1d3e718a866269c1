import NixieText

/// Reads a POSIX TZ string (POSIX.1-2017 section 8.3 with RFC 8536's extensions) into a
/// `PosixTimeZoneRule`, byte by byte; every error names the column it stopped at.
struct PosixTimeZoneRuleParser {
  /// Longer strings are refused before parsing; real ones are under 60 characters.
  static let maximumLength = 255
  /// glibc's rule for a DST without dates (`EST5EDT`): the US rules since 2007.
  static let defaultStart = PosixTimeZoneRule.Change(
    day: .monthWeekday(month: 3, week: 2, weekday: 0), secondsIntoDay: 7200)
  static let defaultEnd = PosixTimeZoneRule.Change(
    day: .monthWeekday(month: 11, week: 1, weekday: 0), secondsIntoDay: 7200)

  private let text: String
  private let bytes: [UInt8]
  private var index = 0

  init(_ text: String) {
    self.text = text
    self.bytes = Array(text.utf8.prefix(Self.maximumLength + 1))
  }

  mutating func parse() throws(ZoneError) -> PosixTimeZoneRule {
    guard bytes.count <= Self.maximumLength else {
      throw ZoneError(
        .invalidRule(column: Self.maximumLength + 1),
        "TZ rule \(Printable.quoted(text)): longer than \(Self.maximumLength) characters")
    }
    let standardName = try name()
    let standardOffset = try offset(for: "the standard time")
    let standard = LocalTimeType(secondsFromUTC: standardOffset, isDST: false, abbreviation: standardName)
    if index == bytes.count { return PosixTimeZoneRule(standard: standard, daylight: nil) }
    let daylightName = try name()
    var daylightOffset = standardOffset + 3600
    if index < bytes.count, bytes[index] != UInt8(ascii: ",") {
      daylightOffset = try offset(for: "the daylight saving time")
    }
    let type = LocalTimeType(secondsFromUTC: daylightOffset, isDST: true, abbreviation: daylightName)
    var start = Self.defaultStart
    var end = Self.defaultEnd
    if index < bytes.count {
      try expect(",", "a ',' before the start of daylight saving time")
      start = try change()
      try expect(",", "a ',' before the end of daylight saving time")
      end = try change()
    }
    guard index == bytes.count else { throw failure("expected the end of the rule") }
    return PosixTimeZoneRule(standard: standard, daylight: .init(type: type, start: start, end: end))
  }

  /// `CET` (three or more letters) or `<+0545>` (three or more letters, digits, `+`, `-`).
  private mutating func name() throws(ZoneError) -> String {
    let start = index
    if index < bytes.count, bytes[index] == UInt8(ascii: "<") {
      index += 1
      while index < bytes.count,
        Self.isLetter(bytes[index]) || Self.isDigit(bytes[index])
          || bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")
      {
        index += 1
      }
      guard index - start - 1 >= 3 else {
        throw failure("expected 3 or more characters in the quoted zone abbreviation")
      }
      try expect(">", "a '>' closing the quoted zone abbreviation")
      return String(decoding: bytes[(start + 1)..<(index - 1)], as: UTF8.self)
    }
    while index < bytes.count, Self.isLetter(bytes[index]) { index += 1 }
    guard index - start >= 3 else {
      index = start
      throw failure("expected a zone abbreviation of 3 or more letters (or one in <…>)")
    }
    return String(decoding: bytes[start..<index], as: UTF8.self)
  }

  /// `[+|-]hh[:mm[:ss]]`, hours 0…24, west of Greenwich positive; returned as seconds east.
  private mutating func offset(for what: String) throws(ZoneError) -> Int {
    let west = try signedDuration(maximumHours: 24, what: "the UTC offset of \(what)")
    return -west
  }

  /// `date[/time]`.
  private mutating func change() throws(ZoneError) -> PosixTimeZoneRule.Change {
    let day = try changeDay()
    var seconds = 7200
    if index < bytes.count, bytes[index] == UInt8(ascii: "/") {
      index += 1
      seconds = try signedDuration(maximumHours: 167, what: "the time of the change")
    }
    return PosixTimeZoneRule.Change(day: day, secondsIntoDay: seconds)
  }

  /// `Jn` (1…365), `n` (0…365) or `Mm.w.d`.
  private mutating func changeDay() throws(ZoneError) -> PosixTimeZoneRule.Day {
    guard index < bytes.count else { throw failure("expected a date (Jn, n or Mm.w.d)") }
    switch bytes[index] {
    case UInt8(ascii: "J"):
      index += 1
      return .julianSkippingLeapDay(try number(in: 1...365, what: "a Julian day 1-365"))
    case UInt8(ascii: "M"):
      index += 1
      let month = try number(in: 1...12, what: "a month 1-12")
      try expect(".", "a '.' after the month")
      let week = try number(in: 1...5, what: "a week 1-5")
      try expect(".", "a '.' after the week")
      let weekday = try number(in: 0...6, what: "a weekday 0-6")
      return .monthWeekday(month: month, week: week, weekday: weekday)
    default:
      return .zeroBased(try number(in: 0...365, what: "a date (Jn, n or Mm.w.d)"))
    }
  }

  /// `[+|-]h[h…][:mm[:ss]]` as seconds.
  private mutating func signedDuration(maximumHours: Int, what: String) throws(ZoneError) -> Int {
    var sign = 1
    if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
      sign = bytes[index] == UInt8(ascii: "-") ? -1 : 1
      index += 1
    }
    var seconds = try number(in: 0...maximumHours, what: "\(what) in hours 0-\(maximumHours)") * 3600
    if index < bytes.count, bytes[index] == UInt8(ascii: ":") {
      index += 1
      seconds += try number(in: 0...59, what: "minutes 00-59", digits: 2) * 60
      if index < bytes.count, bytes[index] == UInt8(ascii: ":") {
        index += 1
        seconds += try number(in: 0...59, what: "seconds 00-59", digits: 2)
      }
    }
    return sign * seconds
  }

  /// Decimal digits (at most 3, or exactly `digits`) within `range`.
  private mutating func number(in range: ClosedRange<Int>, what: String, digits: Int? = nil) throws(ZoneError)
    -> Int
  {
    let start = index
    var value = 0
    while index < bytes.count, Self.isDigit(bytes[index]), index - start < (digits ?? 3) {
      value = value * 10 + Int(bytes[index] - UInt8(ascii: "0"))
      index += 1
    }
    guard index > start, digits.map({ index - start == $0 }) ?? true, range.contains(value) else {
      index = start
      throw failure("expected " + what)
    }
    return value
  }

  private mutating func expect(_ character: Unicode.Scalar, _ what: String) throws(ZoneError) {
    guard index < bytes.count, bytes[index] == UInt8(ascii: character) else {
      throw failure("expected " + what)
    }
    index += 1
  }

  private func failure(_ problem: String) -> ZoneError {
    let place = index < bytes.count ? "at column \(index + 1)" : "at its end (column \(index + 1))"
    return ZoneError(
      .invalidRule(column: index + 1),
      "TZ rule \(Printable.quoted(text)): \(problem) \(place)")
  }

  private static func isLetter(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
      || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
  }

  private static func isDigit(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
  }
}
