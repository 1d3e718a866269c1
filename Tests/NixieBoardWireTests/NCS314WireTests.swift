import NixieTransitions
import NixieWireDecoders
import Testing

/// The NCS314 family (HW 2.x, NCS312, NCS318) on the wire: values shown through the program's
/// path, the trace read by the decoder written from the vendor's firmware (two 32-bit words,
/// one-hot digit fields, the dots in bits 30 and 31), whole frames compared.
struct NCS314WireTests {
  /// Values, and what the vendor's frame layout reads for them (tubes and colons, left to right).
  static let table: [(value: String, reading: String)] = [
    ("12:34:56", "12:34:56"),
    ("00:00:00", "00:00:00"),
    ("23:59:59", "23:59:59"),
    ("09:41:07", "09:41:07"),
    ("123456", "12 34 56"),
    ("987654", "98 76 54"),
    ("10:20", "10:20   "),
    ("7", "       7"),
    ("", "        "),
  ]

  static func run(_ board: String, fitted: String? = nil) throws -> (
    WireRig, [DecodedFrame<TubeReading>], [UInt64]
  ) {
    let rig = try WireRig(board, fitted: fitted)
    let checkpoints = try rig.showEach(Self.table.map(\.value))
    let chips: RegisterChips = rig.board.chip.name == "HV5222" ? .hv5222 : .hv5122
    let dots: NCS314Protocol.DotLayout = board == "ncs312" ? .ncs312 : .ncs314
    let frames = try NCS314Protocol.frames(in: try rig.logicTrace(), chips: chips, dots: dots)
    return (rig, frames, checkpoints)
  }

  @Test(
    arguments: [
      ("ncs314", nil), ("ncs314", "HV5222"), ("ncs314-hv5222", nil), ("ncs312", nil),
      ("ncs312", "HV5222"), ("ncs318", nil),
    ] as [(String, String?)])
  func everyValueOfTheTableReadsAsTheVendorsFrame(_ board: String, _ fitted: String?) throws {
    let (rig, frames, checkpoints) = try Self.run(board, fitted: fitted)
    for ((value, reading), time) in zip(Self.table, checkpoints) {
      let frame = try #require(frames.latest(at: time), "\(board) \(value)")
      // A dark value is shown by LE low (the chips' OE), not by a frame of zeros.
      if reading.allSatisfy({ $0 == " " }) {
        #expect(frame.frame.shownUntil <= time, "\(board): '\(value)' is dark")
      } else {
        #expect(frame.reading.text == reading, "\(board) on \(fitted ?? "its own chips"): '\(value)'")
        #expect(frame.frame.shownUntil > time, "\(board): '\(value)' is lit")
      }
      // One frame is exactly 64 bits, none shifted while the outputs show the register.
      #expect(frame.frame.bitsSincePreviousLatch == 64)
      #expect(frame.frame.shiftsWhileTransparent == 0)
    }
    #expect(rig.sim.display.violations.isEmpty)
  }

  /// The worked examples of docs/BOARDS.md: 12:34:56 with both colons lit, as bytes on the wire.
  @Test(
    arguments: [
      ("ncs314", nil, [0xC4, 0x00, 0x80, 0x10, 0xC0, 0x80, 0x10, 0x02]),
      ("ncs314", "HV5222", [0x08, 0x01, 0x00, 0x23, 0x40, 0x08, 0x01, 0x03]),
      ("ncs314-hv5222", nil, [0x08, 0x01, 0x00, 0x23, 0x40, 0x08, 0x01, 0x03]),
    ] as [(String, String?, [UInt8])])
  func theWorkedExampleIsOnTheWireByteForByte(_ board: String, _ fitted: String?, _ bytes: [UInt8]) throws {
    let rig = try WireRig(board, fitted: fitted)
    try rig.show("12:34:56")
    let chips: RegisterChips = fitted == nil && board == "ncs314" ? .hv5122 : .hv5222
    let frames = try NCS314Protocol.frames(in: try rig.logicTrace(), chips: chips)
    #expect(frames.map(\.frame.bytesMSBFirst) == [bytes])
  }

  @Test func ncs314ReadsItsDetectLineAndDrivesTheChipsFitted() throws {
    let plain = try WireRig("ncs314")
    #expect(plain.board.chip.name == "HV5122")
    #expect(plain.sim.gpio.levels.contains(.role(.detect)))
    let variant = try WireRig("ncs314", fitted: "HV5222")
    #expect(variant.board.chip.name == "HV5222")
    #expect(!variant.sim.gpio.levels.contains(.role(.detect)))
    // The HV5122 map on HV5222 chips lights the wrong cathodes: the detect line matters.
    let wrong = try WireRig("ncs314-hv5222")
    try wrong.show("12:34:56")
    let misread = try NCS314Protocol.frames(in: try wrong.logicTrace(), chips: .hv5122)
    #expect(misread.last?.reading.text != "12:34:56")
  }

  @Test func dimmingIsPWMOnLEAloneAndTheFrameIsShiftedOnce() throws {
    let rig = try WireRig("ncs314")
    try rig.show("12:34:56")
    let from = rig.clock.now() - rig.origin
    try rig.setBrightness(0.3, for: 100_000_000)
    let to = rig.clock.now() - rig.origin
    let trace = try rig.logicTrace()
    // Every LE rise shows the frame again; only the first one shifted it in.
    let frames = try NCS314Protocol.frames(in: trace, chips: .hv5122)
    #expect(frames.count > 10)
    #expect(frames.allSatisfy { $0.reading.text == "12:34:56" })
    #expect(frames.dropFirst().allSatisfy { $0.frame.bitsSincePreviousLatch == 0 })
    let le = try PWMMeasurement(trace: trace, wire: WireNames.le, activeHigh: true, from: from, to: to)
    #expect(abs(le.duty - 0.3) < 0.01, "\(le.duty)")
    #expect(le.periods.allSatisfy { $0 == 5_000_000 }, "\(le.periods)")
  }

  @Test func aCrossFadeIsPWMBetweenWholeFramesOfTheTwoValues() throws {
    let rig = try WireRig("ncs314")
    try rig.show("12:34:56")
    let end = try rig.show("12:34:57", transition: TransitionSpec(.crossfade, duration: 200_000_000))
    let frames = try NCS314Protocol.frames(in: try rig.logicTrace(), chips: .hv5122)
    let during = frames.filter { $0.time + rig.origin < end }
    #expect(Set(during.map(\.reading.text)).isSubset(of: ["12:34:56", "12:34:57", "12:34:5 "]))
    #expect(during.contains { $0.reading.text == "12:34:57" })
    #expect(frames.last?.reading.text == "12:34:57")
  }
}
