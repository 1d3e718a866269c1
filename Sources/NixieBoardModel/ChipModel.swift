/// A chip that drives cathodes, as data: how many outputs it has, how the host talks to it, and
/// which shift stage drives which of its pins.
public struct ChipModel: Hashable, Sendable {
  /// How the host reaches the chip.
  public enum Interface: Hashable, Sendable {
    /// A shift register (HV5622 family, HV57708, 74HC595): data, clock, latch and an enable
    /// line, bit-banged over GPIO or clocked out by SPI.
    case shiftRegister(ShiftRegisterFamily)
    /// A module with its own controller, sent whole commands over SPI (exixe).
    case module(ModuleProtocol)
    /// An I2C GPIO expander feeding BCD decoders (MCP23017, PCF8574).
    case i2cExpander(I2CExpander)
  }

  /// The name a board profile uses, e.g. `HV5622`.
  public let name: String
  public let interface: Interface
  /// Outputs per chip; a chain or a set of expanders has `count ×` this many.
  public let outputsPerChip: Int
  /// Pin names a profile may use instead of output numbers (`GPA0`…`GPB7` on an MCP23017,
  /// `HV1`…`HV32` on an HV5122), upper case.
  public let outputNames: [String]
  /// The output (shift stage: 0 is nearest the chip's data input) that drives each named pin,
  /// indexed like `outputNames`: the family's stage order (docs/BOARDS.md).
  public let stageOfPin: [Int]

  public init(
    name: String, interface: Interface, outputsPerChip: Int, outputNames: [String] = [],
    stageOfPin: [Int]? = nil
  ) {
    self.name = name
    self.interface = interface
    self.outputsPerChip = outputsPerChip
    self.outputNames = outputNames
    self.stageOfPin = stageOfPin ?? Array(outputNames.indices)
  }

  /// The shift-register family, if the chip is one.
  public var shiftRegister: ShiftRegisterFamily? {
    if case .shiftRegister(let family) = interface { return family }
    return nil
  }

  /// The module protocol, if the chip is a module.
  public var module: ModuleProtocol? {
    if case .module(let protocolSpec) = interface { return protocolSpec }
    return nil
  }

  private static func hvPins(_ count: Int) -> [String] { (1...count).map { "HV\($0)" } }

  /// Every chip model a board profile can name.
  public static let catalog: [ChipModel] =
    ["HV5622", "HV5522"].map {
      ChipModel(name: $0, interface: .shiftRegister(.hv5622), outputsPerChip: 32)
    } + [
      // HV5122: stage k drives HV(k + 1); HV5222, the same chip shifting the other way, HV(32 − k).
      ChipModel(
        name: "HV5122", interface: .shiftRegister(.hv5622), outputsPerChip: 32, outputNames: hvPins(32)),
      ChipModel(
        name: "HV5222", interface: .shiftRegister(.hv5622), outputsPerChip: 32, outputNames: hvPins(32),
        stageOfPin: (0..<32).map { 31 - $0 }),
    ]
    + ["HV5308", "HV5408"].map {
      ChipModel(name: $0, interface: .shiftRegister(.hv5622), outputsPerChip: 32)
    } + [
      // Four 16-stage registers in series: register r, stage s drives HV(4s + r + 1).
      ChipModel(
        name: "HV57708", interface: .shiftRegister(.hv57708), outputsPerChip: 64, outputNames: hvPins(64),
        stageOfPin: (0..<64).map { 16 * ($0 % 4) + $0 / 4 }),
      ChipModel(
        name: "74HC595", interface: .shiftRegister(.hc595), outputsPerChip: 8,
        outputNames: ["QA", "QB", "QC", "QD", "QE", "QF", "QG", "QH"]),
      // One module per tube: output k is command byte k + 1 (digits 1–9, digit 0, the dots).
      ChipModel(
        name: "exixe-14", interface: .module(.exixe), outputsPerChip: 12,
        outputNames: (1...9).map { "D\($0)" } + ["D0", "LDP", "RDP"]),
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
