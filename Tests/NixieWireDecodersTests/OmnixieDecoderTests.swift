import NixieWireDecoders
import Testing

/// Omnixie NTDB frames, decoded from the waveform of the vendor library's display(): for every
/// bit DATA is set, SHCP goes low then high; after forty bits STCP goes low then high. The
/// bytes are the library's `_data` worked out by hand from setNumber (BOARDS.md).
struct OmnixieDecoderTests {
  static func trace(_ frames: [[UInt8]]) throws -> LogicTrace {
    var wave = VCDBuilder(wires: [("data", false), ("shcp", false), ("stcp", false), ("oe", false)])
    for bytes in frames {
      // loadData(…, LSB): bit 0 of each byte first.
      wave.bitBang(
        bytes.flatMap { byte in (0..<8).map { byte >> UInt8($0) & 1 == 1 } }, data: "data", clock: "shcp")
      wave.set("stcp", false)
      wave.wait(4_000)
      wave.set("stcp", true)
      wave.wait(10_000_000)
    }
    return try LogicTrace(vcd: wave.text)
  }

  /// (number as setNumber shows it, mask, _data bytes).
  static let table: [(String, Int, [UInt8])] = [
    ("1234", 0b1111, [0x04, 0x80, 0x00, 0x01, 0x20]),
    ("0000", 0b1111, [0x02, 0x08, 0x20, 0x80, 0x00]),
    ("9876", 0b1111, [0x00, 0x01, 0x08, 0x44, 0x00]),
    (" 23 ", 0b0110, [0x00, 0x80, 0x00, 0x01, 0x00]),
  ]

  @Test(arguments: table.indices)
  func framesReadAsTheLibraryMeantThem(row: Int) throws {
    let (text, _, bytes) = Self.table[row]
    let frames = try OmnixieProtocol.frames(in: Self.trace([bytes]))
    #expect(frames.map(\.reading.text) == [text])
    #expect(frames.map(\.frame.bytesLSBFirst) == [bytes])
  }

  @Test func eachCathodeBitLightsTheDigitOfTheLibrarysTable() throws {
    // digit[] in Omnixie_NTDB.h, by digit: the bit of the tube's ten that lights it.
    let bitOfDigit = [1, 7, 4, 5, 2, 3, 8, 9, 6, 0]
    for digit in 0...9 {
      var bits = [Bool](repeating: false, count: 40)
      bits[30 + bitOfDigit[digit]] = true  // tube 1 (leftmost) holds bits 30–39
      #expect(try OmnixieProtocol.reading(of: bits).tubes == [[digit], [], [], []])
    }
  }

  @Test func theOutputEnableDutyIsTheBrightness() throws {
    // analogWrite(OE, 0xff − 0x40): OE high 191/255 of each period, low (lit) 64/255.
    var wave = VCDBuilder(wires: [("oe", true)])
    for _ in 0..<5 {
      wave.set("oe", false)
      wave.wait(640_000)
      wave.set("oe", true)
      wave.wait(1_910_000)
    }
    let trace = try LogicTrace(vcd: wave.text)
    let pwm = try PWMMeasurement(trace: trace, wire: "oe", activeHigh: false, from: 0, to: 4 * 2_550_000)
    #expect(pwm.activeTime == 4 * 640_000)
    // OE falls at 0 (the window's start), 2.55, 5.1 and 7.65 ms: three falls inside it.
    #expect(pwm.periods == [2_550_000, 2_550_000])
    #expect(abs(pwm.duty - 64.0 / 255.0) < 1e-12)
  }
}
