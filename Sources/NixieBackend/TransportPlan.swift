import NixieBoardModel

/// What a board needs from the host, read off its profile: which devices to open, and how.
///
/// `BoardTransports` opens what it lists through a backend's `TransportOpener`; `nixie doctor`
/// checks the same list. It is plain data, so a test can check that each profile asks for the
/// right devices and settings.
public struct TransportPlan: Hashable, Sendable {
  /// GPIO lines the display drives: a bit-banged chain's din/clk/le/bl, or BL beside SPI.
  public struct Outputs: Hashable, Sendable {
    /// The gpiochip by name, path or label.
    public var chip: String
    public var lines: [LineRole: UInt32]
    /// Physical levels to request them at: the logical idle level (all low: tubes off), with
    /// lines behind inverting level shifters high.
    public var initialLevels: LineSet

    public init(chip: String, lines: [LineRole: UInt32], initialLevels: LineSet) {
      self.chip = chip
      self.lines = lines
      self.initialLevels = initialLevels
    }
  }

  /// GPIO lines watched for edges: the encoder's A, B and switch.
  public struct Inputs: Hashable, Sendable {
    public var chip: String
    public var lines: [LineRole: UInt32]
    public var pullUp: Bool
  }

  /// Expanders on an I2C bus.
  public struct Expanders: Hashable, Sendable {
    /// The bus device node, e.g. `/dev/i2c-1`.
    public var bus: String
    /// The expander family.
    public var chip: I2CExpander
    public var addresses: [UInt8]
  }

  public var outputs: Outputs?
  public var inputs: Inputs?
  public var spi: SPIWiring?
  public var i2c: Expanders?
  /// The line read once at start to tell the chip variant.
  public var detect: ChipVariant?
  /// The buttons, watched for edges like the encoder.
  public var buttons: [ButtonWiring] = []
  /// The backlight's PWM lines, driven by a thread of their own.
  public var backlight: PWMRGBWiring?

  public init(board: BoardProfile) {
    if let gpio = board.gpio, !gpio.lines.isEmpty {
      let wired = LineSet(Array(gpio.lines.keys))
      let idle = board.outputIdleLevels
      outputs = Outputs(
        chip: gpio.chip, lines: gpio.lines,
        initialLevels: idle.intersection(wired).symmetricDifference(board.invertedLines.intersection(wired)))
    }
    detect = board.variant
    buttons = board.buttons
    if case .pwmRGB(let rgb) = board.backlight { backlight = rgb }
    if let encoder = board.encoder {
      var lines: [LineRole: UInt32] = [.a: encoder.a, .b: encoder.b]
      if let pushSwitch = encoder.pushSwitch { lines[.sw] = pushSwitch }
      inputs = Inputs(chip: encoder.chip, lines: lines, pullUp: encoder.pullUp)
    }
    switch board.chip.interface {
    case .shiftRegister, .module:
      spi = board.spi
    case .i2cExpander(let expander):
      i2c = board.i2c.map { Expanders(bus: $0.bus, chip: expander, addresses: $0.addresses) }
    }
  }
}
