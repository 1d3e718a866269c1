import NixieWireDecoders
import Testing

/// NCS314 HW 3.x (one HV57708) frames, decoded from waveforms carrying the bytes the vendor's
/// DisplayNixie3x.cpp sends: the HW 2.x words re-ordered by its `newindex` formula. The bytes
/// were worked out by hand (BOARDS.md shows 00:00:00 and 12:34:56) and checked against the
/// vendor's C code compiled on its own.
struct NCS314V3DecoderTests {
  /// A trace of `frames` as the Pi tool sends them: LE low at rest, one 8-byte transfer in
  /// mode 3 at 500 kHz, LE pulsed high for a microsecond, 20 ms until the next frame.
  static func trace(_ frames: [[UInt8]]) throws -> LogicTrace {
    var wave = VCDBuilder(wires: [("mosi", false), ("sclk", true), ("le", false)])
    for bytes in frames {
      wave.wait(1_000)
      wave.spi(bytes, mode: 3, halfPeriod: 1_000)
      wave.set("le", true)
      wave.wait(1_000)
      wave.set("le", false)
      wave.wait(20_000_000)
    }
    return try LogicTrace(vcd: wave.text)
  }

  /// (tubes HHMMSS, dots on, bytes).
  static let table: [(String, Bool, [UInt8])] = [
    ("123456", false, [0x08, 0x20, 0x40, 0x00, 0x00, 0x01, 0x02, 0x08]),
    ("123456", true, [0x88, 0xA0, 0xC0, 0x80, 0x00, 0x01, 0x02, 0x08]),
    ("000000", false, [0x00, 0x00, 0x04, 0x04, 0x00, 0x00, 0x21, 0x21]),
    ("000000", true, [0x80, 0x80, 0x84, 0x84, 0x00, 0x00, 0x21, 0x21]),
    ("999999", false, [0x10, 0x10, 0x00, 0x00, 0x84, 0x84, 0x00, 0x00]),
    ("094100", true, [0x80, 0x90, 0x84, 0x80, 0x01, 0x00, 0x20, 0x41]),
    ("235959", false, [0x08, 0x00, 0x00, 0x01, 0x84, 0x48, 0x00, 0x00]),
  ]

  @Test(arguments: table.indices)
  func framesReadAsTheFirmwareMeantThem(row: Int) throws {
    let (digits, dots, bytes) = Self.table[row]
    let frames = try NCS314V3Protocol.frames(in: Self.trace([bytes]))
    #expect(frames.map(\.reading.text) == [NCS314DecoderTests.expectedText(digits, dots: dots)])
    #expect(frames.map(\.frame.bytesMSBFirst) == [bytes])
  }

  @Test func theReorderingIsTheFirmwaresFormula() {
    // i = 1…8 by hand: newindex = 16·(3 − (⌈i/4⌉·4 − i)) + ⌈i/4⌉ → 1, 17, 33, 49, 2, 18, 34, 50.
    #expect((0..<8).map(NCS314V3Protocol.sentPosition(ofLogicalBit:)) == [0, 16, 32, 48, 1, 17, 33, 49])
    #expect(NCS314V3Protocol.sentPosition(ofLogicalBit: 63) == 63)
    // It moves every bit somewhere different: a permutation of the 64 positions.
    #expect(Set((0..<64).map(NCS314V3Protocol.sentPosition(ofLogicalBit:))) == Set(0..<64))
  }

  @Test func hw2BytesOnAV3BoardReadAsGarbage() throws {
    // What an owner sees running the HW 2.x tool on a HW 3.x board: 12:34:56 comes out wrong.
    let frames = try NCS314V3Protocol.frames(
      in: Self.trace([[0xC4, 0x00, 0x80, 0x10, 0xC0, 0x80, 0x10, 0x02]]))
    #expect(frames.map(\.reading.text) != ["12:34:56"])
  }
}
