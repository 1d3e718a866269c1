import NixieWireDecoders
import Testing

/// NCS314 HW 3.x on the wire: one HV57708 in SPI mode 3, LE pulsed after the transfer, SHDN on
/// `hven`; read by the decoder of the vendor's re-ordering (its `newindex` formula).
struct NCS314V3WireTests {
  @Test func everyValueOfTheTableReadsAsTheVendorsFrame() throws {
    let rig = try WireRig("ncs314-v3")
    let checkpoints = try rig.showEach(NCS314WireTests.table.map(\.value))
    let trace = try rig.logicTrace()
    let frames = try NCS314V3Protocol.frames(in: trace)
    for ((value, reading), time) in zip(NCS314WireTests.table, checkpoints) {
      let frame = try #require(frames.latest(at: time), "'\(value)'")
      // SHDN (the chip's /BL) is high while something is lit, low for a dark value.
      let lit = trace.level(of: try trace.wire(WireNames.hvEnable), at: time)
      if reading.allSatisfy({ $0 == " " }) {
        #expect(lit == false, "'\(value)' is dark")
      } else {
        #expect(frame.reading.text == reading, "'\(value)'")
        #expect(lit == true, "'\(value)' is lit at \(time)")
      }
      #expect(frame.frame.bitsSincePreviousLatch == 64)
    }
    #expect(rig.sim.display.violations.isEmpty)
  }

  /// docs/BOARDS.md's worked examples: 00:00:00 and 12:34:56 without dots.
  @Test(
    arguments: [
      ("000000", [0x00, 0x00, 0x04, 0x04, 0x00, 0x00, 0x21, 0x21]),
      ("123456", [0x08, 0x20, 0x40, 0x00, 0x00, 0x01, 0x02, 0x08]),
    ] as [(String, [UInt8])])
  func theWorkedExamplesAreOnTheWireByteForByte(_ value: String, _ bytes: [UInt8]) throws {
    let rig = try WireRig("ncs314-v3")
    try rig.show(value)
    let frames = try NCS314V3Protocol.frames(in: try rig.logicTrace())
    #expect(frames.map(\.frame.bytesMSBFirst) == [bytes])
  }

  @Test func leIsAPulseAfterTheTransferAndShdnGoesLowAtTheEnd() throws {
    let rig = try WireRig("ncs314-v3")
    try rig.show("12:34:56")
    try rig.blank()
    let trace = try rig.logicTrace()
    let le = try trace.wire(WireNames.le)
    let rises = trace.changes.filter { $0.wire == le && !$0.inSnapshot && $0.level == true }
    let falls = trace.changes.filter { $0.wire == le && !$0.inSnapshot && $0.level == false }
    #expect(rises.count == 1)
    #expect(falls.count == 1)
    #expect(trace.level(of: le, at: trace.endTime) == false)
    #expect(trace.level(of: try trace.wire(WireNames.hvEnable), at: trace.endTime) == false)
  }

  @Test func dimmingIsPWMOnShdn() throws {
    let rig = try WireRig("ncs314-v3")
    try rig.show("12:34:56")
    let from = rig.clock.now() - rig.origin
    try rig.setBrightness(0.5, for: 50_000_000)
    let trace = try rig.logicTrace()
    let shdn = try PWMMeasurement(
      trace: trace, wire: WireNames.hvEnable, activeHigh: true, from: from, to: from + 50_000_000)
    #expect(abs(shdn.duty - 0.5) < 0.01, "\(shdn.duty)")
    #expect(try NCS314V3Protocol.frames(in: trace).count == 1)
  }
}
