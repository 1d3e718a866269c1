/// An I2C GPIO expander model whose pins a board model can read.
public protocol SimulatedExpander: SimulatedI2CDevice {
  /// 16 for an MCP23017, 8 for a PCF8574.
  var pinCount: Int { get }
  /// The level on each pin (bit n = pin n high), as a decoder wired to it sees it.
  var pins: UInt16 { get }
  /// Writes the chip would not have taken as meant, in words.
  var violations: [String] { get }
}
