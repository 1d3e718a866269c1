/// A local time of day written `HH:MM` or `HH:MM:SS` (night mode, the long anti-poisoning
/// run), as seconds since local midnight.
public struct TimeOfDay: Hashable, Sendable, Comparable, CustomStringConvertible {
  public let secondOfDay: Int

  public init(secondOfDay: Int) { self.secondOfDay = secondOfDay }

  /// Parses `22:30` or `06:00:30`; nil for anything else or out of range.
  public init?(_ text: String) {
    let parts = text.split(separator: ":", omittingEmptySubsequences: false)
    guard parts.count == 2 || parts.count == 3,
      parts.allSatisfy({ $0.count == 2 && $0.allSatisfy(\.isASCII) }),
      let hour = Int(parts[0]), let minute = Int(parts[1]),
      let second = parts.count == 3 ? Int(parts[2]) : 0,
      (0..<24).contains(hour), (0..<60).contains(minute), (0..<60).contains(second)
    else { return nil }
    secondOfDay = hour * 3600 + minute * 60 + second
  }

  public static func < (lhs: TimeOfDay, rhs: TimeOfDay) -> Bool { lhs.secondOfDay < rhs.secondOfDay }

  public var description: String {
    let (hour, minute, second) = (secondOfDay / 3600, secondOfDay / 60 % 60, secondOfDay % 60)
    func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
    return "\(two(hour)):\(two(minute))" + (second == 0 ? "" : ":\(two(second))")
  }
}
