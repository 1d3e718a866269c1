/// The bits an SPI receiver took during one assertion of its chip-select.
public struct SPITransfer: Sendable, Equatable {
  /// Which of the decoder's chip-selects was active (its index in the list given).
  public var select: Int
  /// When the chip-select became active and inactive again, in nanoseconds.
  public var start: UInt64
  public var end: UInt64
  /// The sampled bits in wire order.
  public var bits: [Bool]

  public init(select: Int, start: UInt64, end: UInt64, bits: [Bool]) {
    self.select = select
    self.start = start
    self.end = end
    self.bits = bits
  }

  /// The bits as bytes, first bit most significant; nil unless the transfer is whole bytes.
  public var bytesMSBFirst: [UInt8]? { LatchedFrame.bytes(of: bits, msbFirst: true) }
}
