/// Which of the two pin-compatible 32-output chips a GRA & AFCH board carries. The HV5222 is
/// the HV5122 with the shift direction reversed; the vendor firmware compensates by sending
/// each 32-bit word least significant bit first (`SPISettings(…, LSBFIRST, …)`).
public enum RegisterChips: Sendable, Equatable {
  case hv5122
  case hv5222

  /// The vendor's 32-bit register word from 32 bits in wire order.
  func word(from bits: ArraySlice<Bool>) -> UInt64 {
    var word: UInt64 = 0
    for (offset, bit) in bits.enumerated() where bit {
      let position = self == .hv5122 ? bits.count - 1 - offset : offset
      word |= 1 << UInt64(position)
    }
    return word
  }
}
