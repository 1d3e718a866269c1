/// The serial protocol of an HV5622-family chain, independent of how the bits travel.
///
/// Chips cascade DOUT → DIN; a full shift of 32 × N bits leaves the bit clocked in last at
/// chain position 0, so a frame is sent from position 32 × N − 1 down to position 0. Data is
/// shifted on the falling clock edge and LE high copies the shift register to the outputs.
public enum HV5622Chain {
  /// The chain positions in the order their bits are sent.
  public static func sendOrder(outputCount: Int) -> StrideThrough<Int> {
    stride(from: outputCount - 1, through: 0, by: -1)
  }

  /// The frame as bytes for an SPI transfer, most significant bit first: byte 0 holds
  /// positions 32N−1 down to 32N−8. (A chain is always a whole number of bytes.)
  public static func bytes(of bits: OutputBits) -> [UInt8] {
    var bytes = [UInt8](repeating: 0, count: (bits.count + 7) / 8)
    for (sent, position) in sendOrder(outputCount: bits.count).enumerated() where bits[position] {
      bytes[sent / 8] |= 0x80 >> UInt8(sent % 8)
    }
    return bytes
  }
}
