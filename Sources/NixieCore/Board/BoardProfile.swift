/// Everything the program knows about one board: tubes and layout, chips, the cathode map,
/// polarity and how the host is wired to it. Loaded from a YAML file (`Hardware/boards/`).
public struct BoardProfile: Hashable, Sendable {
  public var name: String
  public var description: String
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

  public init(
    name: String, description: String, layout: DisplayLayout, chip: ChipModel, chipCount: Int,
    outputs: OutputMap, invertedLines: LineSet = [], gpio: GPIOWiring? = nil,
    spi: SPIWiring? = nil, i2c: I2CWiring? = nil, encoder: EncoderWiring? = nil
  ) {
    self.name = name
    self.description = description
    self.layout = layout
    self.chip = chip
    self.chipCount = chipCount
    self.outputs = outputs
    self.invertedLines = invertedLines
    self.gpio = gpio
    self.spi = spi
    self.i2c = i2c
    self.encoder = encoder
  }

  /// The host lines the display driver toggles (the encoder's are separate).
  public var displayLines: LineSet { LineSet(gpio.map { Array($0.lines.keys) } ?? []) }

  /// A formatter for this board's layout.
  public var formatter: ValueFormatter { ValueFormatter(layout: layout, boardName: name) }

  /// `6 tubes (IN-14), 2 separators, 2 × HV5622 over GPIO gpiochip0`: what `nixie boards` and
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
      "\(tubes.count) tubes (\(models)), \(separators) separators, \(chipCount) × \(chip.name) over \(transport)"
  }
}
