import NixieWireDecoders
import Testing

/// Chip-select framed SPI, as an exixe module receives it.
struct SPIDecoderTests {
  static func bus(selects: Int) -> VCDBuilder {
    VCDBuilder(wires: [("mosi", false), ("sclk", false)] + (0..<selects).map { ("cs\($0)", true) })
  }

  @Test func eachSelectFramesItsOwnBytes() throws {
    var wave = Self.bus(selects: 2)
    wave.set("cs1", false)
    wave.spi([0xAA, 0x01], mode: 0)
    wave.set("cs1", true)
    wave.spi([0x55], mode: 0)  // clocked with no select low: nobody listens
    wave.set("cs0", false)
    wave.spi([0xAB], mode: 0)
    wave.set("cs0", true)
    wave.wait(100)
    let transfers = try SPIDecoder.transfers(
      in: LogicTrace(vcd: wave.text), selects: ["cs0", "cs1"], mode: .mode0)
    #expect(transfers.map(\.select) == [1, 0])
    #expect(transfers.map(\.bytesMSBFirst) == [[0xAA, 0x01], [0xAB]])
  }

  @Test func twoSelectsLowAtOnceAreRefused() throws {
    var wave = Self.bus(selects: 2)
    wave.set("cs0", false)
    wave.wait(100)
    wave.set("cs1", false)
    #expect(throws: WireDecodeError(time: 100, "cs0 and cs1 are low at once: two receivers share the bus")) {
      try SPIDecoder.transfers(in: LogicTrace(vcd: wave.text), selects: ["cs0", "cs1"], mode: .mode0)
    }
  }

  @Test func aSelectWithTheClockAwayFromIdleIsRefused() throws {
    var wave = Self.bus(selects: 1)
    wave.set("sclk", true)
    wave.wait(100)
    wave.set("cs0", false)
    #expect(throws: WireDecodeError(time: 100, "sclk is high when cs0 goes low; mode 0 idles low")) {
      try SPIDecoder.transfers(in: LogicTrace(vcd: wave.text), selects: ["cs0"], mode: .mode0)
    }
  }

  @Test func aSelectNeverReleasedIsRefused() throws {
    var wave = Self.bus(selects: 1)
    wave.wait(10)
    wave.set("cs0", false)
    wave.spi([0xAA], mode: 0)
    #expect(throws: WireDecodeError(time: 10, "cs0 goes low and never back high")) {
      try SPIDecoder.transfers(in: LogicTrace(vcd: wave.text), selects: ["cs0"], mode: .mode0)
    }
  }

  @Test func theModeTableMatchesTheLiterature() {
    // CPOL is the idle level; CPHA 0 samples on the first edge out of idle, 1 on the second.
    let table: [(Int, Bool, ClockEdge)] = [
      (0, false, .rising), (1, false, .falling), (2, true, .falling), (3, true, .rising),
    ]
    for (number, idlesHigh, edge) in table {
      #expect(SPIMode(number)?.clockIdlesHigh == idlesHigh)
      #expect(SPIMode(number)?.samplingEdge == edge)
    }
    #expect(SPIMode(4) == nil)
  }
}
