import NixieBoardModel

/// The serial protocol of a shift-register chain, independent of how the bits travel.
///
/// Chips cascade DOUT → DIN; a full shift of N bits leaves the bit clocked in last at chain
/// position 0 (the first stage of the chip nearest the host), so a frame is sent from position
/// N − 1 down to position 0. Which pin each position drives is the chip family's stage order
/// (`ChipModel.stageOfPin`), already applied by the board's output map.
public enum ShiftChain {
  /// The chain positions in the order their bits are sent.
  public static func sendOrder(outputCount: Int) -> StrideThrough<Int> {
    stride(from: outputCount - 1, through: 0, by: -1)
  }

  /// The frame as bytes for an SPI transfer, most significant bit first: byte 0 holds
  /// positions N−1 down to N−8. Outputs past `chainCount` (host lines) are not sent; a chain
  /// is always a whole number of bytes.
  public static func bytes(of bits: OutputBits, chainCount: Int? = nil) -> [UInt8] {
    let count = min(chainCount ?? bits.count, bits.count)
    var bytes = [UInt8](repeating: 0, count: (count + 7) / 8)
    for (sent, position) in sendOrder(outputCount: count).enumerated() where bits[position] {
      bytes[sent / 8] |= 0x80 >> UInt8(sent % 8)
    }
    return bytes
  }
}
