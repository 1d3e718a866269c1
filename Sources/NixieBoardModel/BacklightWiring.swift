/// The light under a board's tubes, and what drives it.
public enum BacklightWiring: Hashable, Sendable {
  /// Three GPIO lines, red, green and blue, dimmed by software PWM at `frequencyHz` (NCS314
  /// HW 2.x: BCM 20, 16, 21, active high, 100 Hz as the vendor's softPwm).
  case pwmRGB(PWMRGBWiring)
  /// Each module's own LED, set by bytes of its command (exixe bytes 13–15).
  case module
  /// An addressable chain that nixie cannot drive from a GPIO line (SK6812: 800 kHz with
  /// sub-microsecond timing); described so the profile says what the board carries, with
  /// `reason` saying why it stays dark.
  case addressable(AddressableWiring)

  /// Whether nixie can set its colour.
  public var isDriven: Bool {
    if case .addressable = self { return false }
    return true
  }
}

/// Three backlight lines dimmed by software PWM.
public struct PWMRGBWiring: Hashable, Sendable {
  public var chip: String
  public var red: UInt32
  public var green: UInt32
  public var blue: UInt32
  /// High lights the LEDs.
  public var activeHigh: Bool
  /// PWM periods per second.
  public var frequencyHz: Int

  public init(chip: String, red: UInt32, green: UInt32, blue: UInt32, activeHigh: Bool, frequencyHz: Int) {
    self.chip = chip
    self.red = red
    self.green = green
    self.blue = blue
    self.activeHigh = activeHigh
    self.frequencyHz = frequencyHz
  }

  /// The line of each colour, by role.
  public var lines: [LineRole: UInt32] { [.red: red, .green: green, .blue: blue] }
}

/// An addressable LED chain nixie describes but does not drive.
public struct AddressableWiring: Hashable, Sendable {
  /// The LED part, e.g. `SK6812`.
  public var part: String
  /// The data line's offset on the board's gpiochip, when known.
  public var line: UInt32?
  public var count: Int
  /// Colour order on the wire, e.g. `grb`.
  public var order: String

  public init(part: String, line: UInt32?, count: Int, order: String) {
    self.part = part
    self.line = line
    self.count = count
    self.order = order
  }

  /// Why nixie leaves it dark.
  public var reason: String {
    "\(count) × \(part) need an 800 kHz waveform timed to a fraction of a microsecond, which GPIO "
      + "line writes cannot make; it needs the PWM or SPI hardware on a pin this board does not use for it"
  }
}
