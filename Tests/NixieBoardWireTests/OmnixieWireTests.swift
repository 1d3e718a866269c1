import NixieWireDecoders
import Testing

/// Omnixie's NTDB on the wire: five 74HC595 bit-banged (DATA, SHCP, STCP), OE as the dimmer,
/// ON/OFF on `hven`, the colon on its own line; read by the decoder of the vendor's library
/// (forty bits sent bit 0 first, each tube's cathodes in the board's scrambled order).
struct OmnixieWireTests {
  static let table: [(value: String, reading: String, colon: Bool)] = [
    ("1234", "1234", false),
    ("12:34", "1234", true),
    ("0000", "0000", false),
    ("98:76", "9876", true),
    ("5", "   5", false),
    ("", "    ", false),
  ]

  @Test func everyValueOfTheTableReadsAsTheVendorsFrame() throws {
    let rig = try WireRig("omnixie-ntdb")
    let checkpoints = try rig.showEach(Self.table.map(\.value))
    let trace = try rig.logicTrace()
    let frames = try OmnixieProtocol.frames(in: trace)
    let oe = try trace.wire(WireNames.oe)
    let colon = try trace.wire(WireNames.colon)
    for ((value, reading, lit), time) in zip(Self.table, checkpoints) {
      let frame = try #require(frames.latest(at: time), "'\(value)'")
      if reading.allSatisfy({ $0 == " " }) {
        #expect(trace.level(of: oe, at: time) == true, "'\(value)': OE high, the outputs off")
      } else {
        #expect(frame.reading.text == reading, "'\(value)'")
        #expect(trace.level(of: oe, at: time) == false, "'\(value)': OE low, the outputs on at \(time)")
      }
      #expect(trace.level(of: colon, at: time) == lit, "'\(value)' colon")
      #expect(frame.frame.bitsSincePreviousLatch == 40)
    }
    #expect(trace.level(of: try trace.wire(WireNames.hvEnable), at: trace.endTime) == true)
    #expect(rig.sim.display.violations.isEmpty)
  }

  /// docs/BOARDS.md's worked example: 1234 is `_data` = 04 80 00 01 20, each byte bit 0 first.
  @Test func theWorkedExampleIsOnTheWireByteForByte() throws {
    let rig = try WireRig("omnixie-ntdb")
    try rig.show("1234")
    let frames = try OmnixieProtocol.frames(in: try rig.logicTrace())
    #expect(frames.map(\.frame.bytesLSBFirst) == [[0x04, 0x80, 0x00, 0x01, 0x20]])
  }

  @Test func dimmingIsPWMOnOEAndTheSupplyGoesOffAtTheEnd() throws {
    let rig = try WireRig("omnixie-ntdb")
    try rig.show("1234")
    let from = rig.clock.now() - rig.origin
    try rig.setBrightness(0.25, for: 50_000_000)
    try rig.blank()
    let trace = try rig.logicTrace()
    let oe = try PWMMeasurement(
      trace: trace, wire: WireNames.oe, activeHigh: false, from: from, to: from + 50_000_000)
    #expect(abs(oe.duty - 0.25) < 0.01, "\(oe.duty)")
    #expect(try OmnixieProtocol.frames(in: trace).count == 1)
    #expect(trace.level(of: try trace.wire(WireNames.hvEnable), at: trace.endTime) == false)
    #expect(trace.level(of: try trace.wire(WireNames.oe), at: trace.endTime) == true)
  }
}
