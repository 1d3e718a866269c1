/// The frame of the GRA & AFCH NCS314 HW 2.x shield (and NCS312, NCS318) as the vendor's
/// firmware builds it (BOARDS.md, "NCS314 HW 2.x"): two 32-bit words, the one for tubes 4–6
/// sent first, each holding three one-hot ten-bit digit fields (bits 0–9, 10–19, 20–29) and
/// the two dots of a colon in bits 30 and 31.
public enum NCS314Protocol {
  /// Which of bits 30 and 31 is the upper dot: the firmware's `DOT_MODE_314` puts the upper dot
  /// at bit 31, `DOT_MODE_312` at bit 30.
  public enum DotLayout: Sendable, Equatable {
    case ncs314
    case ncs312

    var upperBit: Int { self == .ncs314 ? 31 : 30 }
    var lowerBit: Int { self == .ncs314 ? 30 : 31 }
  }

  /// The 64 bits of one latch, in wire order.
  public static let frameBits = 64

  /// What the six tubes and two colons show for one frame.
  public static func reading(
    of bits: [Bool], chips: RegisterChips, dots: DotLayout
  ) throws(WireDecodeError) -> TubeReading {
    guard bits.count == frameBits else {
      throw WireDecodeError("an NCS314 frame is \(frameBits) bits, not \(bits.count)")
    }
    // The word sent first (the firmware's REG 1) reaches the far chip: tubes 4–6.
    let right = chips.word(from: bits[0..<32])
    let left = chips.word(from: bits[32..<64])
    return reading(left: left, right: right, dots: dots)
  }

  /// The reading of the two vendor words: `left` (REG 0: h1 h2 m1) and `right` (REG 1: m2 s1 s2).
  static func reading(left: UInt64, right: UInt64, dots: DotLayout) -> TubeReading {
    func colon(_ word: UInt64) -> TubeReading.Item {
      .colon(upper: word >> UInt64(dots.upperBit) & 1 == 1, lower: word >> UInt64(dots.lowerBit) & 1 == 1)
    }
    return TubeReading(items: [
      .tube(lit: TubeReading.oneHotDigits(in: left, shift: 0)),
      .tube(lit: TubeReading.oneHotDigits(in: left, shift: 10)),
      colon(left),
      .tube(lit: TubeReading.oneHotDigits(in: left, shift: 20)),
      .tube(lit: TubeReading.oneHotDigits(in: right, shift: 0)),
      colon(right),
      .tube(lit: TubeReading.oneHotDigits(in: right, shift: 10)),
      .tube(lit: TubeReading.oneHotDigits(in: right, shift: 20)),
    ])
  }

  /// Every frame latched in a trace of the board (wires `mosi`, `sclk`, `le`).
  public static func frames(
    in trace: LogicTrace, chips: RegisterChips, dots: DotLayout = .ncs314
  ) throws(WireDecodeError) -> [DecodedFrame<TubeReading>] {
    var result: [DecodedFrame<TubeReading>] = []
    for frame in try ShiftRegisterCapture.frames(in: trace, wiring: .ncs314) {
      result.append(
        DecodedFrame(frame: frame, reading: try reading(of: frame.bits, chips: chips, dots: dots)))
    }
    return result
  }
}
