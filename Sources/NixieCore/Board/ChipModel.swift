/// A chip that drives cathodes, as data: how many outputs it has and how the host talks to it.
public struct ChipModel: Hashable, Sendable {
  /// How the host reaches the chip.
  public enum Interface: Hashable, Sendable {
    /// A high-voltage shift register (HV5622 family): data, clock, latch and blanking lines,
    /// bit-banged over GPIO or clocked out by SPI.
    case shiftRegister
    /// An I2C GPIO expander feeding BCD decoders (MCP23017, PCF8574).
    case i2cExpander(I2CExpander)
  }

  /// The name a board profile uses, e.g. `HV5622`.
  public let name: String
  public let interface: Interface
  /// Outputs per chip; a chain or a set of expanders has `count ×` this many.
  public let outputsPerChip: Int
  /// Pin names a profile may use instead of output numbers (`GPA0`…`GPB7` on an MCP23017).
  public let outputNames: [String]

  public init(name: String, interface: Interface, outputsPerChip: Int, outputNames: [String] = []) {
    self.name = name
    self.interface = interface
    self.outputsPerChip = outputsPerChip
    self.outputNames = outputNames
  }

  /// Every chip model a board profile can name.
  public static let catalog: [ChipModel] =
    ["HV5622", "HV5522", "HV5122", "HV5222", "HV5308", "HV5408"].map {
      ChipModel(name: $0, interface: .shiftRegister, outputsPerChip: 32)
    } + [
      ChipModel(
        name: "MCP23017", interface: .i2cExpander(.mcp23017), outputsPerChip: 16,
        outputNames: (0..<8).map { "GPA\($0)" } + (0..<8).map { "GPB\($0)" }),
      ChipModel(
        name: "PCF8574", interface: .i2cExpander(.pcf8574), outputsPerChip: 8,
        outputNames: (0..<8).map { "P\($0)" }),
    ]

  /// The model called `name`, ignoring case.
  public static func named(_ name: String) -> ChipModel? {
    catalog.first { $0.name.lowercased() == name.lowercased() }
  }
}
