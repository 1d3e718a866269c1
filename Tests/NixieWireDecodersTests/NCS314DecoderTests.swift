import NixieWireDecoders
import Testing

/// NCS314 HW 2.x (and NCS312, NCS318) frames, decoded from waveforms carrying the bytes the
/// vendor's DisplayNixie.cpp sends. Every byte row below was worked out by hand from its
/// get32Rep/fillBuffer/reverseBit (BOARDS.md shows the working for 12:34:56) and checked
/// against that C code compiled on its own; none is computed by code in this repository.
struct NCS314DecoderTests {
  /// A trace of `frames` as the Pi tool sends them: LE low, one 8-byte spidev transfer in
  /// mode 2 at 2 MHz, LE high, 17 ms until the next frame.
  static func trace(_ frames: [[UInt8]]) throws -> LogicTrace {
    var wave = VCDBuilder(wires: [("mosi", false), ("sclk", true), ("le", true)])
    for bytes in frames {
      wave.wait(1_000)
      wave.set("le", false)
      wave.wait(500)
      wave.spi(bytes, mode: 2, halfPeriod: 250)
      wave.set("le", true)
      wave.wait(17_000_000)
    }
    return try LogicTrace(vcd: wave.text)
  }

  /// (tubes HHMMSS, dots on, HV5122 bytes, HV5222 bytes).
  static let table: [(String, Bool, [UInt8], [UInt8])] = [
    (
      "123456", true, [0xC4, 0x00, 0x80, 0x10, 0xC0, 0x80, 0x10, 0x02],
      [0x08, 0x01, 0x00, 0x23, 0x40, 0x08, 0x01, 0x03]
    ),
    (
      "123456", false, [0x04, 0x00, 0x80, 0x10, 0x00, 0x80, 0x10, 0x02],
      [0x08, 0x01, 0x00, 0x20, 0x40, 0x08, 0x01, 0x00]
    ),
    (
      "000000", true, [0xC0, 0x10, 0x04, 0x01, 0xC0, 0x10, 0x04, 0x01],
      [0x80, 0x20, 0x08, 0x03, 0x80, 0x20, 0x08, 0x03]
    ),
    (
      "999999", false, [0x20, 0x08, 0x02, 0x00, 0x20, 0x08, 0x02, 0x00],
      [0x00, 0x40, 0x10, 0x04, 0x00, 0x40, 0x10, 0x04]
    ),
    (
      "094100", true, [0xC0, 0x10, 0x04, 0x02, 0xC1, 0x08, 0x00, 0x01],
      [0x40, 0x20, 0x08, 0x03, 0x80, 0x00, 0x10, 0x83]
    ),
    (
      "235959", false, [0x20, 0x00, 0x82, 0x00, 0x02, 0x00, 0x20, 0x04],
      [0x00, 0x41, 0x00, 0x04, 0x20, 0x04, 0x00, 0x40]
    ),
  ]

  static func expectedText(_ digits: String, dots: Bool) -> String {
    let characters = Array(digits)
    let colon = dots ? ":" : " "
    return String(characters[0...1]) + colon + String(characters[2...3]) + colon + String(characters[4...5])
  }

  @Test(arguments: table.indices)
  func hv5122FramesReadAsTheFirmwareMeantThem(row: Int) throws {
    let (digits, dots, bytes, _) = Self.table[row]
    let frames = try NCS314Protocol.frames(in: Self.trace([bytes]), chips: .hv5122)
    #expect(frames.map(\.reading.text) == [Self.expectedText(digits, dots: dots)])
    #expect(frames.map(\.frame.bytesMSBFirst) == [bytes])
    #expect(frames.map(\.frame.bitsSincePreviousLatch) == [64])
  }

  @Test(arguments: table.indices)
  func hv5222FramesReadAsTheFirmwareMeantThem(row: Int) throws {
    let (digits, dots, _, bytes) = Self.table[row]
    let frames = try NCS314Protocol.frames(in: Self.trace([bytes]), chips: .hv5222)
    #expect(frames.map(\.reading.text) == [Self.expectedText(digits, dots: dots)])
  }

  @Test func aTraceOfSeveralFramesReadsEachAtItsLatch() throws {
    let frames = try NCS314Protocol.frames(
      in: Self.trace([Self.table[0].2, Self.table[3].2, Self.table[5].2]), chips: .hv5122)
    #expect(frames.map(\.reading.text) == ["12:34:56", "99 99 99", "23 59 59"])
    // 1 µs + 0.5 µs + 64 bits × 0.5 µs + 0.25 µs to the first latch, then 17.03375 ms apart.
    #expect(frames.map(\.time) == [33_750, 17_067_500, 34_101_250])
    // LE is the chips' output enable: each frame is shown until LE falls for the next one.
    #expect(frames.map(\.frame.shownUntil) == [17_034_750, 34_068_500, 51_101_250])
  }

  @Test func theDotLayoutDecidesWhichDotIsUpper() throws {
    // 00:00:00 with only bit 31 of each word set (the upper dot of DOT_MODE_314).
    let bits31 = try Self.trace([[0x80, 0x10, 0x04, 0x01, 0x80, 0x10, 0x04, 0x01]])
    #expect(
      try NCS314Protocol.frames(in: bits31, chips: .hv5122, dots: .ncs314).map(\.reading.text) == ["00'00'00"]
    )
    #expect(
      try NCS314Protocol.frames(in: bits31, chips: .hv5122, dots: .ncs312).map(\.reading.text) == ["00.00.00"]
    )
  }

  @Test func twoLitDigitsInOneTubeAreShownBoth() throws {
    // Tube 6 (s2, bits 20–29 of the first word) with digits 1 and 8 lit (bits 21 and 28),
    // tubes 4 and 5 showing 0 (bits 0 and 10): 0x10200401.
    let frames = try NCS314Protocol.frames(
      in: Self.trace([[0x10, 0x20, 0x04, 0x01, 0x00, 0x10, 0x04, 0x01]]), chips: .hv5122)
    #expect(frames.map(\.reading.text) == ["00 00 0[18]"])
    #expect(frames.first?.reading.tubes == [[0], [0], [0], [0], [0], [1, 8]])
  }

  @Test func aShortFrameIsVisibleInItsBitCount() throws {
    // Seven bytes after a full frame: the latch shows the last 64 bits, of which 56 are new.
    let frames = try NCS314Protocol.frames(
      in: Self.trace([Self.table[0].2, Array(Self.table[0].2.prefix(7))]), chips: .hv5122)
    #expect(frames.map(\.frame.bitsSincePreviousLatch) == [64, 56])
  }
}
