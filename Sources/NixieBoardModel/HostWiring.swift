/// GPIO lines of a board on one gpiochip, by role (`din`, `clk`, `le`, `bl`).
public struct GPIOWiring: Hashable, Sendable {
  /// The gpiochip by name (`gpiochip0`), path (`/dev/gpiochip0`), label (`pinctrl-bcm2711`) or
  /// alias (`raspberry-pi`).
  public var chip: String
  /// The line offset of each role on that chip.
  public var lines: [LineRole: UInt32]

  public init(chip: String, lines: [LineRole: UInt32]) {
    self.chip = chip
    self.lines = lines
  }

  /// The chip a profile means when it names none: the Raspberry Pi's 40-pin header, found by
  /// its label on every model (NixieLinux's `ChipReference` resolves the alias), whatever
  /// number the kernel gives it.
  public static let raspberryPiHeader = "raspberry-pi"
  /// The lines of that chip the header has: GPIO 0 to 27 on every model (the chip has more,
  /// which the board wires inside, not to the header's pins).
  public static let raspberryPiHeaderLines: ClosedRange<UInt32> = 0...27
}

/// An spidev device clocking a chain or talking to modules, and how its transfers are framed.
public struct SPIWiring: Hashable, Sendable {
  /// The device node, e.g. `/dev/spidev0.0`.
  public var device: String
  /// SPI mode 0–3: the chip family says which edge it samples on (1 or 2 for an HV5622).
  public var mode: UInt8
  public var speedHz: UInt32
  public var bitsPerWord: UInt8
  /// What marks a frame or a command: the device's chip-select, a latch line, or one
  /// chip-select line per module.
  public var framing: SPIFraming
  /// Each byte goes out least significant bit first. The Pi's controller only sends the most
  /// significant bit first, so the driver reverses the bits of each byte itself.
  public var lsbFirst: Bool

  public init(
    device: String, mode: UInt8, speedHz: UInt32, bitsPerWord: UInt8, framing: SPIFraming = .chipSelect,
    lsbFirst: Bool = false
  ) {
    self.device = device
    self.mode = mode
    self.speedHz = speedHz
    self.bitsPerWord = bitsPerWord
    self.framing = framing
    self.lsbFirst = lsbFirst
  }

  /// Whether the device's own chip-select line drives anything on the board.
  public var usesDeviceChipSelect: Bool { framing == .chipSelect }
}

/// An I2C bus and the addresses of the expanders on it, in output order.
public struct I2CWiring: Hashable, Sendable {
  /// The bus device node, e.g. `/dev/i2c-1`.
  public var bus: String
  /// One 7-bit address per chip; chip k drives outputs k × outputsPerChip and up.
  public var addresses: [UInt8]

  public init(bus: String, addresses: [UInt8]) {
    self.bus = bus
    self.addresses = addresses
  }
}

/// A rotary encoder with a push switch on GPIO lines.
public struct EncoderWiring: Hashable, Sendable {
  public var chip: String
  public var a: UInt32
  public var b: UInt32
  /// The push switch, if the knob has one.
  public var pushSwitch: UInt32?
  /// Contacts close to ground (the usual wiring, with pull-ups on).
  public var activeLow: Bool
  /// Swap the direction (for encoders wired the other way round).
  public var reverse: Bool
  /// Detents per full quadrature cycle: 1 for most encoders, 2 or 4 for encoders whose
  /// detents sit at every half or quarter cycle.
  public var detentsPerCycle: Int
  /// Ask the kernel for pull-ups on the lines (where it supports bias).
  public var pullUp: Bool

  public init(
    chip: String, a: UInt32, b: UInt32, pushSwitch: UInt32?, activeLow: Bool = true,
    reverse: Bool = false, detentsPerCycle: Int = 1, pullUp: Bool = true
  ) {
    self.chip = chip
    self.a = a
    self.b = b
    self.pushSwitch = pushSwitch
    self.activeLow = activeLow
    self.reverse = reverse
    self.detentsPerCycle = detentsPerCycle
    self.pullUp = pullUp
  }
}
