/// The frame of the GRA & AFCH NCM109 with an NCT4xx tube board as the vendor's firmware
/// builds it (BOARDS.md, "NCM109"): one 32-bit word per anode group, the left tube's digits in
/// bits 0–9, the right tube's in 10–19, anode groups 1–3 in bits 20–22 (1 = on), the lower and
/// upper dots in bits 24 and 25. Group g lights tubes 2g − 1 and 2g.
public enum NCM109Protocol {
  /// The 32 bits of one latch, in wire order.
  public static let frameBits = 32
  /// Bits the firmware never sets.
  static let unusedMask: UInt64 = 1 << 23 | 0xFC00_0000

  public static func frame(of bits: [Bool], chips: RegisterChips) throws(WireDecodeError) -> NCM109Frame {
    guard bits.count == frameBits else {
      throw WireDecodeError("an NCM109 frame is \(frameBits) bits, not \(bits.count)")
    }
    let word = chips.word(from: bits[...])
    return NCM109Frame(
      groups: (1...3).filter { word >> UInt64(19 + $0) & 1 == 1 },
      left: TubeReading.oneHotDigits(in: word, shift: 0),
      right: TubeReading.oneHotDigits(in: word, shift: 10),
      upperDot: word >> 25 & 1 == 1, lowerDot: word >> 24 & 1 == 1,
      unusedBits: word & unusedMask)
  }

  /// Every frame latched in a trace of the board (wires `mosi`, `sclk`, `le`).
  public static func frames(
    in trace: LogicTrace, chips: RegisterChips
  ) throws(WireDecodeError) -> [DecodedFrame<NCM109Frame>] {
    var result: [DecodedFrame<NCM109Frame>] = []
    for frame in try ShiftRegisterCapture.frames(in: trace, wiring: .ncm109) {
      result.append(DecodedFrame(frame: frame, reading: try self.frame(of: frame.bits, chips: chips)))
    }
    return result
  }
}
