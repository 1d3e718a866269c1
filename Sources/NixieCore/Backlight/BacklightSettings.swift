/// What the backlight under the tubes shows (nixie.yaml's `backlight`): a colour, or a slow
/// walk round the colour wheel, at a brightness, off at night unless asked otherwise.
public struct BacklightSettings: Hashable, Sendable {
  /// The colour shown when not cycling.
  public var color: BacklightColor
  /// Seconds for one turn of the colour wheel; nil shows `color` steadily.
  public var cycleSeconds: Int?
  /// Scales every channel, 0…1.
  public var brightness: Double
  /// Whether the backlight stays on during the night (at the night's brightness factor).
  public var onAtNight: Bool

  public init(
    color: BacklightColor, cycleSeconds: Int? = nil, brightness: Double = 1, onAtNight: Bool = false
  ) {
    self.color = color
    self.cycleSeconds = cycleSeconds.map { max(1, $0) }
    self.brightness = min(max(brightness, 0), 1)
    self.onAtNight = onAtNight
  }

  /// The colour at `time` (monotonic ns): steady, or the wheel's hue at that point of its
  /// turn; dark at night unless `onAtNight`, scaled by `nightFactor` then.
  public func color(at time: UInt64, night: Bool, nightFactor: Double = 1) -> BacklightColor {
    if night && !onAtNight { return .off }
    let base: BacklightColor
    if let cycleSeconds {
      let turn = UInt64(cycleSeconds) * 1_000_000_000
      base = Self.wheel(Double(time % turn) / Double(turn))
    } else {
      base = color
    }
    return base.scaled(by: brightness * (night ? min(max(nightFactor, 0), 1) : 1))
  }

  /// The fully saturated colour at `position` (0…1) of the wheel: red, yellow, green, cyan,
  /// blue, magenta and back, each channel moving linearly, as the vendor's colour rotation.
  public static func wheel(_ position: Double) -> BacklightColor {
    let hue = (position - position.rounded(.down)) * 6
    let sector = min(Int(hue), 5)
    let rising = hue - Double(sector)
    let falling = 1 - rising
    switch sector {
    case 0: return BacklightColor(red: 1, green: rising, blue: 0)
    case 1: return BacklightColor(red: falling, green: 1, blue: 0)
    case 2: return BacklightColor(red: 0, green: 1, blue: rising)
    case 3: return BacklightColor(red: 0, green: falling, blue: 1)
    case 4: return BacklightColor(red: rising, green: 0, blue: 1)
    default: return BacklightColor(red: 1, green: 0, blue: falling)
    }
  }
}
