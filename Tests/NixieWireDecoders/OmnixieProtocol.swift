/// The frame of Omnixie's Nixie Tube Driver Board (NTDB, four tubes on five 74HC595) as the
/// vendor's Arduino library builds it (BOARDS.md, "Omnixie NTDB"): forty bits sent least
/// significant first, ten per tube from the rightmost tube to the leftmost, each tube's ten
/// cathodes in the board's scrambled order.
public enum OmnixieProtocol {
  /// The 40 bits of one latch, in wire order.
  public static let frameBits = 40

  /// The digit on each of a tube's ten bits: the library's `digit[]` table read backwards
  /// (bit 0 lights 9, bit 1 lights 0, …; "7618325409" from bit 9 down to bit 0).
  public static let digitOfBit = [9, 0, 4, 5, 2, 3, 8, 1, 6, 7]

  /// What the four tubes show for one frame (the colon is a separate host line).
  public static func reading(of bits: [Bool]) throws(WireDecodeError) -> TubeReading {
    guard bits.count == frameBits else {
      throw WireDecodeError("an NTDB frame is \(frameBits) bits, not \(bits.count)")
    }
    // Wire bit s is bit s of the library's 40-bit number; tube 4 (rightmost) holds bits 0–9.
    let tubes = (0..<4).map { fromRight in
      (0..<10).filter { bits[fromRight * 10 + $0] }.map { digitOfBit[$0] }.sorted()
    }
    return TubeReading(items: tubes.reversed().map { .tube(lit: $0) })
  }

  /// Every frame latched in a trace of the board (wires `data`, `shcp`, `stcp`).
  public static func frames(in trace: LogicTrace) throws(WireDecodeError) -> [DecodedFrame<TubeReading>] {
    var result: [DecodedFrame<TubeReading>] = []
    for frame in try ShiftRegisterCapture.frames(in: trace, wiring: .omnixie) {
      result.append(DecodedFrame(frame: frame, reading: try reading(of: frame.bits)))
    }
    return result
  }
}
