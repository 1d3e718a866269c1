/// The contents of a shift-register chain at one latch edge: what the outputs show from then on.
public struct LatchedFrame: Sendable, Equatable {
  /// The time of the latch edge, in nanoseconds.
  public var time: UInt64
  /// The chain's stages in the order their bits were shifted in: `bits[0]` was shifted in
  /// first and sits in the last stage, `bits[stages - 1]` sits in the first.
  public var bits: [Bool]
  /// Bits shifted in since the previous latch edge (the firmware sends exactly one frame).
  public var bitsSincePreviousLatch: Int
  /// Shifts that happened while the latch was transparent since the previous latch edge: each
  /// one changed the outputs mid-frame.
  public var shiftsWhileTransparent: Int
  /// Until when the outputs showed this frame: the next latch edge, or, where the latch wire
  /// also enables the outputs, the moment it next turned them off; the end of the trace for
  /// the last frame.
  public var shownUntil: UInt64

  public init(
    time: UInt64, bits: [Bool], bitsSincePreviousLatch: Int, shiftsWhileTransparent: Int, shownUntil: UInt64
  ) {
    self.time = time
    self.bits = bits
    self.bitsSincePreviousLatch = bitsSincePreviousLatch
    self.shiftsWhileTransparent = shiftsWhileTransparent
    self.shownUntil = shownUntil
  }

  /// The bits as bytes in wire order, eight bits each, the first bit as the most significant
  /// (what an SPI analyser in MSB-first mode shows); nil unless the frame is whole bytes.
  public var bytesMSBFirst: [UInt8]? { Self.bytes(of: bits, msbFirst: true) }

  /// The bits as bytes in wire order, the first bit of each byte as its least significant.
  public var bytesLSBFirst: [UInt8]? { Self.bytes(of: bits, msbFirst: false) }

  static func bytes(of bits: [Bool], msbFirst: Bool) -> [UInt8]? {
    guard bits.count % 8 == 0 else { return nil }
    return stride(from: 0, to: bits.count, by: 8).map { start in
      var byte: UInt8 = 0
      for offset in 0..<8 where bits[start + offset] {
        byte |= msbFirst ? 0x80 >> UInt8(offset) : 1 << UInt8(offset)
      }
      return byte
    }
  }
}
