import NixieDisplay
import NixieText

/// Everything the program knows about one board: tubes and layout, chips, the cathode map,
/// polarity and how the host is wired to it. Loaded from a YAML file (`Hardware/boards/`).
public struct BoardProfile: Hashable, Sendable {
  public var name: String
  public var description: String
  /// The positions, told by `init` which cathodes `outputs` wires together.
  public var layout: DisplayLayout
  public var chip: ChipModel
  /// Chips in the chain (shift registers) or expanders on the bus.
  public var chipCount: Int
  public var outputs: OutputMap
  /// Inverting level shifters between the host and the chips flip these lines.
  public var invertedLines: LineSet
  /// Bit-banged lines (HV5622 boards) and the blanking line.
  public var gpio: GPIOWiring?
  /// The SPI device, when the chain is clocked out by spidev instead of bit-banged.
  public var spi: SPIWiring?
  /// The expanders, for BCD-decoder boards.
  public var i2c: I2CWiring?
  public var encoder: EncoderWiring?
  /// Another chip family the board may carry, told apart by a line read at start.
  public var variant: ChipVariant?
  /// The `hven` line, when the board has one (it is also one of `gpio`'s lines).
  public var enable: EnableWiring?
  /// How the anode groups are scanned, on a multiplexed board.
  public var multiplex: MultiplexWiring?
  /// Push buttons read like the knob.
  public var buttons: [ButtonWiring] = []
  /// A presence line (a PIR module), when the profile declares one or nixie.yaml gives it.
  public var presence: PresenceWiring?
  public var backlight: BacklightWiring?
  public var buzzer: BuzzerWiring?
  /// Real-time clocks the board carries (one of them is fitted), for `nixie doctor`.
  public var rtc: [RTCChip] = []
  /// Modules asked to drive their cathodes harder (exixe header 0xAB).
  public var overdrive = false

  public init(
    name: String, description: String, layout: DisplayLayout, chip: ChipModel, chipCount: Int,
    outputs: OutputMap, invertedLines: LineSet = [], gpio: GPIOWiring? = nil,
    spi: SPIWiring? = nil, i2c: I2CWiring? = nil, encoder: EncoderWiring? = nil
  ) {
    self.name = name
    self.description = description
    self.layout = DisplayLayout(positions: layout.positions, links: outputs.linkedCathodes)
    self.chip = chip
    self.chipCount = chipCount
    self.outputs = outputs
    self.invertedLines = invertedLines
    self.gpio = gpio
    self.spi = spi
    self.i2c = i2c
    self.encoder = encoder
  }

  /// The board as it is when the variant's detect line reads `detectLow` (low: the variant's
  /// chips, with their stage order); unchanged when the board has no variant or it reads high.
  public func resolved(detectLow: Bool) -> BoardProfile {
    guard detectLow, let variant else { return self }
    var board = self
    board.chip = variant.whenLow
    board.outputs = variant.outputsWhenLow
    board.layout = DisplayLayout(positions: layout.positions, links: board.outputs.linkedCathodes)
    board.variant = nil
    return board
  }

  /// How frames must be paced for this board: PWM slices, a scan of anode groups, or the
  /// modules' own brightness levels.
  public var pacing: DisplayPacing {
    if let multiplex { return .multiplex(multiplex) }
    if let module = chip.module { return .levels(count: module.levels) }
    return .pwm
  }

  /// The host lines the display driver toggles (the encoder's are separate).
  public var displayLines: LineSet { LineSet(gpio.map { Array($0.lines.keys) } ?? []) }

  /// A formatter for this board's layout.
  public var formatter: ValueFormatter { ValueFormatter(layout: layout, boardName: name) }

  /// `6 tubes (IN-14), 2 separators, 2 × HV5622 over GPIO raspberry-pi`: what `nixie boards` and
  /// `nixie doctor` say of a board.
  public var summary: String {
    let tubes = layout.positions.filter(\.isTube)
    let models = Array(Set(tubes.map(\.model.name))).sorted().joined(separator: ", ")
    let separators = layout.count - tubes.count
    let transport =
      if let spi { "SPI \(spi.device)" } else if let i2c { "I2C \(i2c.bus)" } else {
        "GPIO \(gpio?.chip ?? "")"
      }
    return
      "\(Counted.text(tubes.count, "tube")) (\(models)), \(Counted.text(separators, "separator")),"
      + " \(chipCount) × \(chip.name) over \(transport)"
  }
}
