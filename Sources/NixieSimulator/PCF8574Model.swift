/// A PCF8574 8-bit quasi-bidirectional I2C expander, modelled from its datasheet.
///
/// It has no registers: every byte written is the new port, and a read returns the pins. A 0
/// bit pulls its pin low; a 1 bit leaves it weakly high, which a TTL decoder input reads as
/// high. The port powers up as 0xFF (all high: BCD 15, blank on a K155ID1).
public final class PCF8574Model: SimulatedExpander {
  public let pinCount = 8
  /// The port as last written.
  public private(set) var port: UInt8 = 0xFF
  public let violations: [String] = []

  public init() {}

  public var pins: UInt16 { UInt16(port) }

  public func receive(_ bytes: [UInt8]) {
    if let last = bytes.last { port = last }
  }

  public func transmit(count: Int) -> [UInt8] { Array(repeating: port, count: count) }
}
