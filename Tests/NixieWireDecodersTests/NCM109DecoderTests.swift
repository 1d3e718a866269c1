import NixieWireDecoders
import Testing

/// The multiplexed NCM109 (NCT4xx tube board): frames decoded from the bytes its firmware's
/// doIndication sends, one anode group per frame, and the scan timing read from the latches
/// and from LE, which the board wires to the HV5122's output enable.
/// The bytes are worked out by hand from doIndication109.ino (BOARDS.md shows the working).
struct NCM109DecoderTests {
  /// Group 1 showing 1 2, group 2 showing 3 4, group 3 showing 5 6, dots off (HV5122).
  static let group1: [UInt8] = [0x00, 0x10, 0x10, 0x02]  // 0x100000 | 1 << 1 | (1 << 2) << 10
  static let group2: [UInt8] = [0x00, 0x20, 0x40, 0x08]  // 0x200000 | 1 << 3 | (1 << 4) << 10
  static let group3: [UInt8] = [0x00, 0x41, 0x00, 0x20]  // 0x400000 | 1 << 5 | (1 << 6) << 10
  static let dark: [UInt8] = [0x00, 0x00, 0x00, 0x00]
  /// From LE low to the latch: 0.5 µs, 32 bits at 2 MHz, a quarter period.
  static let frameDuration: UInt64 = 16_750

  /// A trace of (bytes, time until the next frame starts) as the firmware sends them: LE low,
  /// four bytes in mode 2 at 2 MHz, LE high.
  static func trace(_ frames: [([UInt8], UInt64)]) throws -> LogicTrace {
    var wave = VCDBuilder(wires: [("mosi", false), ("sclk", true), ("le", true)])
    for (bytes, pause) in frames {
      wave.set("le", false)
      wave.wait(500)
      wave.spi(bytes, mode: 2, halfPeriod: 250)
      wave.set("le", true)
      wave.wait(pause)
    }
    return try LogicTrace(vcd: wave.text)
  }

  @Test func framesNameTheirGroupDigitsAndDots() throws {
    let frames = try NCM109Protocol.frames(
      in: Self.trace([(Self.group1, 1_000), ([0x03, 0x20, 0x40, 0x08], 1_000), (Self.group3, 1_000)]),
      chips: .hv5122)
    #expect(
      frames.map(\.reading) == [
        NCM109Frame(groups: [1], left: [1], right: [2], upperDot: false, lowerDot: false, unusedBits: 0),
        NCM109Frame(groups: [2], left: [3], right: [4], upperDot: true, lowerDot: true, unusedBits: 0),
        NCM109Frame(groups: [3], left: [5], right: [6], upperDot: false, lowerDot: false, unusedBits: 0),
      ])
  }

  @Test func hv5222FramesAreReversed() throws {
    // Group 1 showing 1 2 sent LSB first, low byte first: 0x02, 0x10, 0x10, 0x00 bit-reversed.
    let frames = try NCM109Protocol.frames(
      in: Self.trace([([0x40, 0x08, 0x08, 0x00], 1_000)]), chips: .hv5222)
    #expect(frames.map(\.reading.groups) == [[1]])
    #expect(frames.map(\.reading.left) == [[1]])
    #expect(frames.map(\.reading.right) == [[2]])
  }

  @Test func theVendorsScanIsSixtySevenHertzDarkOnlyWhileShifting() throws {
    // doIndication latches one group every 5 ms: 1 2 3 1 2 3 1. LE is the chips' OE, so the
    // tubes are dark from LE low to the latch: one frame's shift between groups.
    let step = 5_000_000 - Self.frameDuration
    let groups = [Self.group1, Self.group2, Self.group3]
    let trace = try Self.trace((0..<7).map { (groups[$0 % 3], step) })
    let scan = MultiplexScan(frames: try NCM109Protocol.frames(in: trace, chips: .hv5122))
    #expect(scan.visits.map(\.group) == [1, 2, 3, 1, 2, 3, 1])
    #expect(scan.refreshPeriods(of: 1) == [15_000_000, 15_000_000])
    #expect(scan.refreshPeriods(of: 2) == [15_000_000])
    #expect(scan.gapsBetweenGroups == Array(repeating: Self.frameDuration, count: 6))
    #expect(scan.overlaps.isEmpty)
    #expect(scan.scans.map(\.reading.text) == ["123456", "123456"])
    #expect(scan.litTime(of: 1) == 3 * step)
  }

  @Test func blankFramesBetweenGroupsAreDarkGaps() throws {
    // Each group for 4.8 ms, then a frame with no anode, then the next group: 5 ms a group.
    let lit = 4_800_000 - Self.frameDuration
    let gap = 200_000 - Self.frameDuration
    let trace = try Self.trace([
      (Self.group1, lit), (Self.dark, gap), (Self.group2, lit), (Self.dark, gap), (Self.group3, lit),
      (Self.dark, gap), (Self.group1, lit),
    ])
    let scan = MultiplexScan(frames: try NCM109Protocol.frames(in: trace, chips: .hv5122))
    // The blank frame's 0.2 ms, plus the next group's shift with LE (OE) low.
    #expect(scan.gapsBetweenGroups == Array(repeating: 200_000 + Self.frameDuration, count: 3))
    #expect(scan.refreshPeriods(of: 1) == [15_000_000])
    #expect(scan.visits.first.map { $0.end - $0.start } == lit)
  }

  @Test func aDimmedSlotShowsItsPartsAndTheirDurations() throws {
    // Group 1 lights both tubes for 3 ms, then only the right tube for 2 ms, dark while the
    // second frame shifts in.
    let trace = try Self.trace([
      (Self.group1, 3_000_000 - Self.frameDuration),
      ([0x00, 0x10, 0x10, 0x00], 2_000_000 - Self.frameDuration),
      (Self.group2, 1_000),
    ])
    let scan = MultiplexScan(frames: try NCM109Protocol.frames(in: trace, chips: .hv5122))
    #expect(
      scan.visits.first?.parts == [
        .init(left: [1], right: [2], duration: 3_000_000 - Self.frameDuration),
        .init(left: [], right: [2], duration: 2_000_000 - Self.frameDuration),
      ])
    #expect(scan.visits.first.map { $0.end - $0.start } == 5_000_000 - Self.frameDuration)
  }

  @Test func twoGroupsOnAtOnceAreGhosting() throws {
    let trace = try Self.trace([([0x00, 0x30, 0x10, 0x02], 1_000_000), (Self.group3, 1_000)])
    let scan = MultiplexScan(frames: try NCM109Protocol.frames(in: trace, chips: .hv5122))
    #expect(scan.overlaps.map(\.groups) == [[1, 2]])
    #expect(scan.visits.map(\.group) == [3])
  }

  @Test func bitsTheFirmwareNeverSetsAreReported() throws {
    // Bit 23 (between the anodes and the dots) and bit 31.
    let frames = try NCM109Protocol.frames(
      in: Self.trace([([0x80, 0x90, 0x10, 0x02], 1_000)]), chips: .hv5122)
    #expect(frames.map(\.reading.unusedBits) == [0x8080_0000])
  }
}
