/// How finely frames are paced: the PWM period and how many duty steps it is divided into.
public struct PWMSettings: Hashable, Sendable {
  /// The longest period allowed: 10 ms, 100 Hz. Longer and a fade flickers visibly.
  public static let maximumPeriod: UInt64 = 10_000_000
  /// The shortest period allowed: 1 ms.
  public static let minimumPeriod: UInt64 = 1_000_000

  /// Nanoseconds per PWM period.
  public let period: UInt64
  /// Duty steps per period: a cathode is lit for a whole number of `period / levels`.
  public let levels: Int

  /// `period` is clamped to 1…10 ms, `levels` to 16…1000. The defaults, 5 ms in 250 steps of
  /// 20 µs, give 100 periods and so about 100 distinct duties across a 500 ms fade.
  public init(period: UInt64 = 5_000_000, levels: Int = 250) {
    self.period = min(max(period, Self.minimumPeriod), Self.maximumPeriod)
    self.levels = min(max(levels, 16), 1000)
  }

  /// The start of step `tick` within a period, in nanoseconds.
  @inline(__always)
  public func offset(ofTick tick: Int) -> UInt64 { UInt64(tick) * period / UInt64(levels) }
}
