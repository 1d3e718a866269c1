/// The hours the tubes rest: dimmed or dark from one local time until another (crossing
/// midnight when `from` is later than `until`). Local time as the clock reads it, so a DST
/// change moves the night with the clock.
public struct NightMode: Hashable, Sendable {
  /// What the night does to the tubes.
  public enum Mode: String, Hashable, Sendable, CaseIterable {
    /// Lit at `brightness`.
    case dim
    /// Off (and no anti-poisoning runs either).
    case dark
  }

  public var from: TimeOfDay
  public var until: TimeOfDay
  public var mode: Mode
  /// The night's brightness for `dim`, 0…1 of the day's.
  public var brightness: Double

  public init(from: TimeOfDay, until: TimeOfDay, mode: Mode, brightness: Double = 0.2) {
    self.from = from
    self.until = until
    self.mode = mode
    self.brightness = brightness
  }

  /// Whether the clock reading `secondOfDay` is in the night: `from` inclusive, `until`
  /// exclusive.
  public func contains(secondOfDay: Int) -> Bool {
    let (start, end) = (from.secondOfDay, until.secondOfDay)
    return start < end
      ? (start..<end).contains(secondOfDay) : secondOfDay >= start || secondOfDay < end
  }

  /// The factor night mode applies to the brightness at `secondOfDay`: 1 by day.
  public func factor(atSecondOfDay secondOfDay: Int) -> Double {
    guard contains(secondOfDay: secondOfDay) else { return 1 }
    return mode == .dark ? 0 : brightness
  }
}
