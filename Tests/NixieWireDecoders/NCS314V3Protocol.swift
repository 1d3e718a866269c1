/// The frame of the GRA & AFCH NCS314 HW 3.x shield (one HV57708) as the vendor's firmware
/// builds it (BOARDS.md, "NCS314 HW 3.x"): the same two 32-bit words as HW 2.x, scattered over
/// 64 bits by the firmware's re-ordering, then sent most significant bit first.
public enum NCS314V3Protocol {
  /// The 64 bits of one latch, in wire order.
  public static let frameBits = 64

  /// Where the firmware puts logical bit `index` (0–63; 0–31 are REG 0, 32–63 REG 1) in the
  /// 64-bit word it sends: its `newindex − 1`, with `newindex = 16·(3 − (⌈i/4⌉·4 − i)) + ⌈i/4⌉`
  /// for `i = index + 1`, computed here in integers as the firmware's `ceil` of a float does.
  public static func sentPosition(ofLogicalBit index: Int) -> Int {
    let i = index + 1
    let quarter = (i + 3) / 4
    return 16 * (3 - (quarter * 4 - i)) + quarter - 1
  }

  /// What the six tubes and two colons show for one frame.
  public static func reading(of bits: [Bool]) throws(WireDecodeError) -> TubeReading {
    guard bits.count == frameBits else {
      throw WireDecodeError("an NCS314 HW 3.x frame is \(frameBits) bits, not \(bits.count)")
    }
    var logical: UInt64 = 0
    for index in 0..<frameBits {
      // The sent word goes out most significant bit first: bit p is wire bit 63 − p.
      if bits[frameBits - 1 - sentPosition(ofLogicalBit: index)] { logical |= 1 << UInt64(index) }
    }
    return NCS314Protocol.reading(left: logical & 0xFFFF_FFFF, right: logical >> 32, dots: .ncs314)
  }

  /// Every frame latched in a trace of the board (wires `mosi`, `sclk`, `le`).
  public static func frames(in trace: LogicTrace) throws(WireDecodeError) -> [DecodedFrame<TubeReading>] {
    var result: [DecodedFrame<TubeReading>] = []
    for frame in try ShiftRegisterCapture.frames(in: trace, wiring: .ncs314V3) {
      result.append(DecodedFrame(frame: frame, reading: try reading(of: frame.bits)))
    }
    return result
  }
}
