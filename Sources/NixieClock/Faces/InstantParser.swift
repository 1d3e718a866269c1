import NixieText
import NixieTime

/// `--at` instants in ISO 8601: `2026-03-29T01:59:50+01:00`, `…Z`, with optional fractions
/// of a second; without an offset the time is read in the clock's time zone (a time a change
/// repeats is its first instant; one a change skips does not exist).
public enum InstantParser {
  /// The years the displayed clock may start in: far enough either side of now for any demo,
  /// near enough that every computation on the clock's nanoseconds stays far from overflow.
  public static let years: ClosedRange<Int> = 1900...2199

  /// Why text is not an instant the clock can start at.
  public struct Failure: Error, Hashable, Sendable, CustomStringConvertible {
    public let description: String
  }

  /// Unix nanoseconds, or why `text` is not such an instant.
  public static func parse(_ text: String, zone: ZoneCalendar) throws(Failure) -> Int64 {
    let shown = Printable.escaped(text)
    let example = "an ISO 8601 instant such as 2026-03-29T01:59:50+01:00"
    let bytes = Array(text.utf8)
    func number(_ range: Range<Int>) -> Int? {
      guard range.upperBound <= bytes.count, range.allSatisfy({ (48...57).contains(bytes[$0]) }) else {
        return nil
      }
      return range.reduce(0) { $0 * 10 + Int(bytes[$1] - 48) }
    }
    guard bytes.count >= 19, bytes[10] == UInt8(ascii: "T") || bytes[10] == UInt8(ascii: " "),
      let year = number(0..<4), bytes[4] == UInt8(ascii: "-"), let month = number(5..<7),
      bytes[7] == UInt8(ascii: "-"), let day = number(8..<10), let hour = number(11..<13),
      bytes[13] == UInt8(ascii: ":"), let minute = number(14..<16), bytes[16] == UInt8(ascii: ":"),
      let second = number(17..<19)
    else { throw Failure(description: "\(shown): not \(example)") }
    let local = LocalTime(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
    guard local.isValid else { throw Failure(description: "\(shown): there is no such date and time") }
    guard years.contains(year) else {
      throw Failure(
        description: "\(shown): the clock starts in the years \(years.lowerBound) to \(years.upperBound)")
    }
    var index = 19
    var nanoseconds: Int64 = 0
    if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
      index += 1
      var digits = 0
      while index < bytes.count, (48...57).contains(bytes[index]) {
        if digits < 9 { nanoseconds = nanoseconds * 10 + Int64(bytes[index] - 48) }
        digits += 1
        index += 1
      }
      guard digits > 0 else { throw Failure(description: "\(shown): not \(example)") }
      for _ in min(digits, 9)..<9 { nanoseconds *= 10 }
    }
    let seconds: Int64
    if index == bytes.count {
      let instants = zone.instants(at: local)
      guard let first = instants.first else {
        throw Failure(
          description:
            "\(shown): the clocks in \(zone.identifier) skip that time; give an offset such as +01:00")
      }
      seconds = first
    } else if bytes[index] == UInt8(ascii: "Z"), index + 1 == bytes.count {
      seconds = utcSeconds(local)
    } else if bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-"),
      bytes.count == index + 6,
      let hours = number(index + 1..<index + 3), bytes[index + 3] == UInt8(ascii: ":"),
      let minutes = number(index + 4..<index + 6)
    {
      guard hours < 24, minutes < 60 else {
        throw Failure(description: "\(shown): an offset from UTC is less than 24:00")
      }
      let offset = (hours * 3600 + minutes * 60) * (bytes[index] == UInt8(ascii: "-") ? -1 : 1)
      seconds = utcSeconds(local) - Int64(offset)
    } else {
      throw Failure(description: "\(shown): not \(example)")
    }
    return seconds * 1_000_000_000 + nanoseconds
  }

  /// The Unix seconds of `local` read as UTC (years 1900–2199: no overflow).
  private static func utcSeconds(_ local: LocalTime) -> Int64 {
    GregorianCalendar.daysSinceEpoch(year: Int64(local.year), month: local.month, day: local.day) * 86_400
      + Int64(local.secondOfDay)
  }
}
