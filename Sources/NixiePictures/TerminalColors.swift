import NixieBoardModel

/// How much colour the terminal takes, and the palette of a glowing tube.
public enum TerminalColors: Sendable {
  /// 24-bit colour (`COLORTERM=truecolor`).
  case trueColor
  /// The xterm 256-colour palette.
  case palette256
  /// No colour (`NO_COLOR`, `TERM=dumb`): lit wire only, as block characters.
  case none

  /// The mode the environment asks for (https://no-color.org, `COLORTERM`, `TERM`).
  public static func detect(environment: (String) -> String?) -> TerminalColors {
    if environment("NO_COLOR").map({ !$0.isEmpty }) == true { return .none }
    if environment("TERM") == "dumb" { return .none }
    let colorTerm = environment("COLORTERM") ?? ""
    if colorTerm.contains("truecolor") || colorTerm.contains("24bit") { return .trueColor }
    return .palette256
  }

  struct RGB: Equatable {
    var r: Double
    var g: Double
    var b: Double

    /// The light of a backlight on screen (0…255 a channel); nil when it is dark.
    init?(backlight color: BacklightColor) {
      guard !color.isOff else { return nil }
      self.init(r: color.red * 255, g: color.green * 255, b: color.blue * 255)
    }

    init(r: Double, g: Double, b: Double) {
      self.r = r
      self.g = g
      self.b = b
    }

    func mixed(with other: RGB, _ amount: Double) -> RGB {
      RGB(r: r + (other.r - r) * amount, g: g + (other.g - g) * amount, b: b + (other.b - b) * amount)
    }
  }

  static let glass = RGB(r: 16, g: 11, b: 10)
  static let ghost = RGB(r: 62, g: 46, b: 40)
  static let glow = RGB(r: 92, g: 34, b: 6)
  static let lit = RGB(r: 255, g: 150, b: 48)
  static let frame = RGB(r: 70, g: 70, b: 76)

  func foreground(_ color: RGB) -> String { code(color, layer: 38) }
  func background(_ color: RGB) -> String { code(color, layer: 48) }

  private func code(_ color: RGB, layer: Int) -> String {
    switch self {
    case .trueColor:
      "\u{1B}[\(layer);2;\(Int(color.r));\(Int(color.g));\(Int(color.b))m"
    case .palette256:
      "\u{1B}[\(layer);5;\(Self.paletteIndex(color))m"
    case .none:
      ""
    }
  }

  /// The nearest colour of the xterm 6 × 6 × 6 cube or its grey ramp.
  static func paletteIndex(_ color: RGB) -> Int {
    let levels: [Double] = [0, 95, 135, 175, 215, 255]
    func nearest(_ value: Double) -> Int {
      levels.indices.min { abs(levels[$0] - value) < abs(levels[$1] - value) }!
    }
    let (r, g, b) = (nearest(color.r), nearest(color.g), nearest(color.b))
    let cube = RGB(r: levels[r], g: levels[g], b: levels[b])
    let grey = max(0, min(23, Int(((color.r + color.g + color.b) / 3 - 8) / 10 + 0.5)))
    let greyValue = Double(8 + grey * 10)
    func distance(_ a: RGB, _ b: RGB) -> Double {
      (a.r - b.r) * (a.r - b.r) + (a.g - b.g) * (a.g - b.g) + (a.b - b.b) * (a.b - b.b)
    }
    let greyColor = RGB(r: greyValue, g: greyValue, b: greyValue)
    return distance(color, greyColor) < distance(color, cube) ? 232 + grey : 16 + 36 * r + 6 * g + b
  }

  /// Back to the terminal's own colours (nothing to undo without colour).
  var reset: String { self == .none ? "" : "\u{1B}[0m" }
}
