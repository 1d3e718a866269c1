import Foundation

/// `--at` instants in ISO 8601: `2026-03-29T01:59:50+01:00`, `…Z`, with optional fractions
/// of a second; without an offset the time is read in the clock's time zone.
public enum InstantParser {
  /// Unix nanoseconds, or nil when `text` is not such an instant (or names a local time that
  /// does not exist in `zone`).
  public static func parse(_ text: String, zone: TimeZone) -> Int64? {
    let bytes = Array(text.utf8)
    guard bytes.count >= 19, bytes[10] == UInt8(ascii: "T") || bytes[10] == UInt8(ascii: " ") else {
      return nil
    }
    func number(_ range: Range<Int>) -> Int? {
      guard range.upperBound <= bytes.count, range.allSatisfy({ (48...57).contains(bytes[$0]) }) else {
        return nil
      }
      return Int(String(decoding: bytes[range], as: UTF8.self))
    }
    guard let year = number(0..<4), bytes[4] == UInt8(ascii: "-"), let month = number(5..<7),
      bytes[7] == UInt8(ascii: "-"), let day = number(8..<10), let hour = number(11..<13),
      bytes[13] == UInt8(ascii: ":"), let minute = number(14..<16), bytes[16] == UInt8(ascii: ":"),
      let second = number(17..<19), (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60,
      second < 60
    else { return nil }
    var index = 19
    var nanoseconds = 0
    if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
      index += 1
      var digits = 0
      while index < bytes.count, (48...57).contains(bytes[index]) {
        if digits < 9 { nanoseconds = nanoseconds * 10 + Int(bytes[index] - 48) }
        digits += 1
        index += 1
      }
      guard digits > 0 else { return nil }
      for _ in digits..<9 where digits < 9 { nanoseconds *= 10 }
    }
    var offset: Int? = nil
    if index < bytes.count {
      if bytes[index] == UInt8(ascii: "Z"), index + 1 == bytes.count {
        offset = 0
      } else if bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-"),
        bytes.count == index + 6,
        let hours = number(index + 1..<index + 3), bytes[index + 3] == UInt8(ascii: ":"),
        let minutes = number(index + 4..<index + 6)
      {
        offset = (hours * 3600 + minutes * 60) * (bytes[index] == UInt8(ascii: "-") ? -1 : 1)
      } else {
        return nil
      }
    }
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = offset.flatMap { TimeZone(secondsFromGMT: $0) } ?? zone
    let parts = DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
    guard let date = calendar.date(from: parts) else { return nil }
    let check = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
    guard check.year == year, check.month == month, check.day == day, check.hour == hour,
      check.minute == minute, check.second == second
    else { return nil }
    return Int64(date.timeIntervalSince1970.rounded()) * 1_000_000_000 + Int64(nanoseconds)
  }
}
