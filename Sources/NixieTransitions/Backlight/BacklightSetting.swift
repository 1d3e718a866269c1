import NixieBoardModel

/// What a user asks of the light under the tubes, as nixie.yaml, the overrides file and the
/// control socket write it: a colour (`"#rrggbb"` or a name from `names`), `off`, or `cycle`
/// (a slow walk round the colour wheel).
public enum BacklightSetting: Hashable, Sendable {
  case off
  case steady(BacklightColor)
  case cycle

  /// The colours known by name, with their `#rrggbb` value (CSS's where CSS has the name).
  public static let names: [(name: String, rgb: UInt32)] = [
    ("red", 0xFF0000), ("orange", 0xFF8000), ("amber", 0xFFBF00), ("yellow", 0xFFFF00),
    ("green", 0x00FF00), ("cyan", 0x00FFFF), ("blue", 0x0000FF), ("purple", 0x8000FF),
    ("magenta", 0xFF00FF), ("pink", 0xFF60A0), ("white", 0xFFFFFF), ("warm-white", 0xFFB070),
  ]

  /// The words besides colours.
  public static let words = ["off", "cycle"]

  /// Reads `text` (case does not matter); nil when it is none of the forms.
  public init?(_ text: String) {
    let lowered = text.lowercased()
    switch lowered {
    case "off": self = .off
    case "cycle": self = .cycle
    default:
      if let named = Self.names.first(where: { $0.name == lowered }) {
        self = .steady(BacklightColor(rgb: named.rgb))
        return
      }
      guard let rgb = Self.hexColour(lowered) else { return nil }
      self = .steady(BacklightColor(rgb: rgb))
    }
  }

  /// What the forms are, for messages.
  public static let expected = "a colour \"#rrggbb\", a colour name, off or cycle"

  /// `#rrggbb` as 24 bits, or nil.
  static func hexColour(_ text: String) -> UInt32? {
    let bytes = Array(text.utf8)
    guard bytes.count == 7, bytes[0] == UInt8(ascii: "#") else { return nil }
    var value: UInt32 = 0
    for byte in bytes.dropFirst() {
      let digit: UInt32
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a")) + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A")) + 10
      default: return nil
      }
      value = value << 4 | digit
    }
    return value
  }
}
