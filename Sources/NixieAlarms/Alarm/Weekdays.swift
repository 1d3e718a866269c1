/// The days of the week an alarm rings on (0 Sunday … 6 Saturday, as `GregorianCalendar`
/// counts them).
public struct Weekdays: Hashable, Sendable, CustomStringConvertible {
  /// Bit `d` set: rings on weekday `d`.
  public var bits: UInt8

  public init(bits: UInt8) { self.bits = bits & 0x7F }

  /// Every day of the week: an alarm's default.
  public static let everyDay = Weekdays(bits: 0x7F)

  /// The names nixie.yaml uses, Sunday first.
  public static let names = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"]

  /// The words for several days that nixie.yaml's `days:` (and the control socket's) take
  /// besides the days' names.
  public static let groups: [String: Weekdays] = [
    "daily": .everyDay, "weekdays": Weekdays(bits: 0b0111110), "weekends": Weekdays(bits: 0b1000001),
  ]

  /// The days named (`mon`, `Tue`…); nil if a name is not a day's.
  public init?<Names: Sequence>(names: Names) where Names.Element: StringProtocol {
    var bits: UInt8 = 0
    for name in names {
      guard let day = Self.names.firstIndex(of: name.lowercased()) else { return nil }
      bits |= 1 << UInt8(day)
    }
    self.init(bits: bits)
  }

  public func contains(weekday: Int) -> Bool {
    (0..<7).contains(weekday) && bits & (1 << UInt8(weekday)) != 0
  }

  public var isEmpty: Bool { bits == 0 }

  /// The days' names, Monday first as people read a week.
  public var names: [String] {
    [1, 2, 3, 4, 5, 6, 0].filter { contains(weekday: $0) }.map { Self.names[$0] }
  }

  /// The days' names, Monday first as people read a week: `mon, tue`.
  public var description: String { names.joined(separator: ", ") }
}
