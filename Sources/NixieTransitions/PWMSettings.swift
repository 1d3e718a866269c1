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
    self.levels = min(max(levels, Self.fewestFadingLevels), 1000)
  }

  /// The fewest levels a fade is made of: `init` takes no fewer, and `fitted` takes a longer
  /// period (up to `maximumPeriod`) before it goes below them.
  public static let fewestFadingLevels = 16

  /// What a board whose frame write takes `writeTime` nanoseconds can keep (issue 34 §2): no
  /// slice shorter than a write, so no slice is skipped or late. Fast writes keep the default
  /// (5 ms in 250 levels of 20 µs); slower ones get fewer levels in 5 ms while at least 16 fit,
  /// then a period as long as 16 writes up to 10 ms, then fewer than 16 levels in 10 ms — down
  /// to 1 (on or off: fades become cuts) for a write of more than 5 ms.
  public static func fitted(writeTime: UInt64) -> PWMSettings {
    let standard = PWMSettings()
    guard writeTime > standard.period / UInt64(standard.levels) else { return standard }
    let inStandardPeriod = standard.period / writeTime
    if inStandardPeriod >= UInt64(fewestFadingLevels) {
      return PWMSettings(period: standard.period, levels: Int(inStandardPeriod))
    }
    let (sixteenWrites, overflow) = writeTime.multipliedReportingOverflow(by: UInt64(fewestFadingLevels))
    let period = overflow ? maximumPeriod : min(maximumPeriod, sixteenWrites)
    return PWMSettings(period: period, fittedLevels: Int(max(1, period / writeTime)))
  }

  /// Settings with as few levels as a slow board affords, as `fitted` makes them or a clock
  /// reports them: `period` clamped to 1…10 ms, `levels` to 1…1000 (fewer than 16 allowed).
  public init(period: UInt64, fittedLevels levels: Int) {
    self.period = min(max(period, Self.minimumPeriod), Self.maximumPeriod)
    self.levels = min(max(levels, 1), 1000)
  }

  /// Nanoseconds per duty step: the shortest time a frame can stay on the tubes.
  public var slice: UInt64 { period / UInt64(levels) }

  /// The start of step `tick` within a period, in nanoseconds.
  @inline(__always)
  public func offset(ofTick tick: Int) -> UInt64 { UInt64(tick) * period / UInt64(levels) }
}
