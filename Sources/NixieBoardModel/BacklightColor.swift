/// A backlight colour: the share of full brightness of each channel, 0…1.
public struct BacklightColor: Hashable, Sendable {
  public var red: Double
  public var green: Double
  public var blue: Double

  /// Each channel clamped to 0…1 (a NaN is 0).
  public init(red: Double, green: Double, blue: Double) {
    func clamped(_ value: Double) -> Double { value.isNaN ? 0 : min(max(value, 0), 1) }
    self.red = clamped(red)
    self.green = clamped(green)
    self.blue = clamped(blue)
  }

  public static let off = BacklightColor(red: 0, green: 0, blue: 0)

  /// The colour `#RRGGBB`, from 24-bit `rgb`.
  public init(rgb: UInt32) {
    self.init(
      red: Double(rgb >> 16 & 0xFF) / 255, green: Double(rgb >> 8 & 0xFF) / 255,
      blue: Double(rgb & 0xFF) / 255)
  }

  /// Every channel scaled by `factor` (0…1).
  public func scaled(by factor: Double) -> BacklightColor {
    BacklightColor(red: red * factor, green: green * factor, blue: blue * factor)
  }

  /// The channels in order red, green, blue.
  public var channels: [Double] { [red, green, blue] }

  public var isOff: Bool { red == 0 && green == 0 && blue == 0 }
}
