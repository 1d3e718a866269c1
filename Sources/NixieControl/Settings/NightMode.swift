import NixieTime

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

  /// A dim night's brightness when none is given, in percent of the day's.
  public static let defaultBrightnessPercent = 20

  /// Why hours given for a night (in nixie.yaml or over the control socket) make none.
  public enum Problem: Error, Hashable, Sendable {
    /// `from` and `until` are the same time: a night of no length (or of all day).
    case noLength
    /// A brightness given for `mode: dark`, which has none.
    case brightnessWhenDark
    /// A brightness outside `SettingRanges.brightnessPercent`.
    case brightnessOutOfRange
  }

  /// The night the hours describe, checked by the rules nixie.yaml and the control socket
  /// share: `from` differs from `until`, only a dim night has a brightness, and it is a
  /// percentage in `SettingRanges.brightnessPercent` (default
  /// `defaultBrightnessPercent`). The problems are tried in that order.
  public static func checked(
    from: TimeOfDay, until: TimeOfDay, mode: Mode, brightnessPercent: Int?
  ) -> Result<NightMode, Problem> {
    guard from != until else { return .failure(.noLength) }
    if mode == .dark && brightnessPercent != nil { return .failure(.brightnessWhenDark) }
    let percent = brightnessPercent ?? defaultBrightnessPercent
    guard SettingRanges.brightnessPercent.contains(percent) else {
      return .failure(.brightnessOutOfRange)
    }
    return .success(NightMode(from: from, until: until, mode: mode, brightness: Double(percent) / 100))
  }

  public init(
    from: TimeOfDay, until: TimeOfDay, mode: Mode,
    brightness: Double = Double(NightMode.defaultBrightnessPercent) / 100
  ) {
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
