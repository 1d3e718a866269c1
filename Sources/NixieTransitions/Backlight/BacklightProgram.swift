import NixieBoardModel

/// What the backlight does from now on, as a pure function of time: a steady colour, or the
/// colour wheel turning once every `period`, each at `level` (0…1: the night's dimming).
///
/// The clock decides the program (the setting, its night); the backlight's player plays it,
/// asking `color(at:)` with its own clock's time. A cycle starts at red at time 0 and passes
/// yellow, green, cyan, blue and magenta at each sixth of the period (HSV hue at full
/// saturation and value, so one channel is always full and the light never goes grey).
public struct BacklightProgram: Hashable, Sendable {
  /// The colour over time.
  public enum Pattern: Hashable, Sendable {
    case steady(BacklightColor)
    /// Once round the wheel every `period` nanoseconds.
    case cycle(period: UInt64)
  }

  public var pattern: Pattern
  /// Every channel is scaled by this, 0…1.
  public var level: Double

  public init(_ pattern: Pattern, level: Double = 1) {
    self.pattern = pattern
    self.level = level.isNaN ? 0 : min(max(level, 0), 1)
  }

  /// Dark.
  public static let off = BacklightProgram(.steady(.off))

  /// `setting` turning once every `cyclePeriod` nanoseconds when it cycles, at `level`.
  public init(_ setting: BacklightSetting, cyclePeriod: UInt64, level: Double = 1) {
    switch setting {
    case .off: self.init(.steady(.off), level: level)
    case .steady(let color): self.init(.steady(color), level: level)
    case .cycle: self.init(.cycle(period: max(cyclePeriod, 1)), level: level)
    }
  }

  /// The colour at `time` (nanoseconds on the player's clock).
  public func color(at time: UInt64) -> BacklightColor {
    switch pattern {
    case .steady(let color):
      return color.scaled(by: level)
    case .cycle(let period):
      let phase = Double(time % period) / Double(period)
      return Self.wheel(phase).scaled(by: level)
    }
  }

  /// Whether the colour changes with time (a cycle that is not dark).
  public var isMoving: Bool {
    if case .cycle = pattern { return level > 0 }
    return false
  }

  /// The hue at `phase` (0…1 once round) at full saturation and value: red, yellow, green,
  /// cyan, blue, magenta at each sixth, straight lines between.
  public static func wheel(_ phase: Double) -> BacklightColor {
    let sixths = (phase - phase.rounded(.down)) * 6
    let sector = min(Int(sixths), 5)
    let rising = sixths - Double(sector)
    let falling = 1 - rising
    // (red, green, blue) per sector, from the hue circle.
    let table: [(Double, Double, Double)] = [
      (1, rising, 0), (falling, 1, 0), (0, 1, rising), (0, falling, 1), (rising, 0, 1), (1, 0, falling),
    ]
    let (red, green, blue) = table[sector]
    return BacklightColor(red: red, green: green, blue: blue)
  }
}
