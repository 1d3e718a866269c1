import NixieBoardModel
import NixieDisplay
import NixieDrivers
import NixieTestBoards
import Testing

/// The bit-banged HV5622 waveform, checked at the transport seam (the simulator tests check
/// what a modelled chain makes of it).
struct HV5622DriverTests {
  @Test func aFrameIsTwoWritesPerBitPlusTheLatchThenBlankingOff() throws {
    let lines = RecordingLines()
    let board = TestBoards.reference()
    let driver = try #require(ShiftChainBitBangDriver(board: board, lines: lines))
    try driver.start()
    #expect(lines.writes == [.init(lines: [.din, .le, .bl], levels: []), .init(lines: [.clk], levels: [])])
    lines.writes = []

    try driver.write(try board.formatter.format("1"))
    #expect(lines.writes.count == 64 * 2 + 2 + 1)
    // Sent from position 63 down to 0: position 54 (tube 6 digit 1) is the 10th bit sent.
    for bit in 0..<64 {
      let high = bit == 63 - 54
      #expect(lines.writes[bit * 2] == .init(lines: [.din, .clk], levels: high ? [.din, .clk] : [.clk]))
      #expect(lines.writes[bit * 2 + 1] == .init(lines: [.clk], levels: []))
    }
    #expect(
      Array(lines.writes[128...]) == [
        .init(lines: [.le], levels: [.le]), .init(lines: [.le], levels: []),
        .init(lines: [.bl], levels: [.bl]),
      ])
  }

  /// A frame's 130 writes go to the lines in one call, so a transport can make them without a
  /// call through `GPIOLines` for each; blanking off is a write of its own.
  @Test func aFrameIsOneCallToTheLines() throws {
    let lines = RecordingLines()
    let board = TestBoards.reference()
    let driver = try #require(ShiftChainBitBangDriver(board: board, lines: lines))
    try driver.start()
    lines.calls = []
    try driver.write(try board.formatter.format("1"))
    try driver.write(try board.formatter.format("2"))
    #expect(lines.calls == [64 * 2 + 2, 1, 64 * 2 + 2])
  }

  @Test func anUnchangedFrameWritesNothing() throws {
    let lines = RecordingLines()
    let board = TestBoards.reference()
    let driver = try #require(ShiftChainBitBangDriver(board: board, lines: lines))
    try driver.start()
    let frame = try board.formatter.format("12:34:56")
    try driver.write(frame)
    let count = lines.writes.count
    try driver.write(frame)
    try driver.write(frame)
    #expect(lines.writes.count == count)
  }

  @Test func alternatingFramesAreEachShiftedInFull() throws {
    let lines = RecordingLines()
    let board = TestBoards.reference()
    let driver = try #require(ShiftChainBitBangDriver(board: board, lines: lines))
    try driver.start()
    let first = try board.formatter.format("1")
    let second = try board.formatter.format("2")
    var counts: [Int] = []
    for frame in [first, second, first, second, second] {
      lines.writes = []
      try driver.write(frame)
      counts.append(lines.writes.count)
    }
    #expect(counts == [131, 130, 130, 130, 0])
    // The last shift carried the second frame: position 55 (tube 6 digit 2) is the 9th bit.
    #expect(lines.writes.isEmpty)
    lines.writes = []
    try driver.write(first)
    #expect(lines.writes[(63 - 54) * 2] == .init(lines: [.din, .clk], levels: [.din, .clk]))
    #expect(lines.writes[(63 - 55) * 2] == .init(lines: [.din, .clk], levels: [.clk]))
  }

  @Test func aDarkFrameLowersBlankingInsteadOfShifting() throws {
    let lines = RecordingLines()
    let board = TestBoards.reference()
    let driver = try #require(ShiftChainBitBangDriver(board: board, lines: lines))
    try driver.start()
    let frame = try board.formatter.format("42")
    try driver.write(frame)
    lines.writes = []
    try driver.write(board.layout.blank)
    #expect(lines.writes == [.init(lines: [.bl], levels: [])])
    lines.writes = []
    try driver.write(frame)
    #expect(lines.writes == [.init(lines: [.bl], levels: [.bl])])
    lines.writes = []
    try driver.blank()
    #expect(lines.writes == [.init(lines: [.bl], levels: [])])
  }

  @Test func withoutBlankingADarkFrameIsShiftedAsZeros() throws {
    let lines = RecordingLines()
    let board = TestBoards.reference(blanking: false)
    let driver = try #require(ShiftChainBitBangDriver(board: board, lines: lines))
    try driver.start()
    #expect(lines.writes == [.init(lines: [.din, .le], levels: []), .init(lines: [.clk], levels: [])])
    try driver.write(try board.formatter.format("42"))
    lines.writes = []
    try driver.blank()
    #expect(lines.writes.count == 130)
    #expect(lines.writes.allSatisfy { !$0.levels.contains(.din) })
  }

  @Test func invertingLevelShiftersFlipTheirLines() throws {
    let lines = RecordingLines()
    let board = TestBoards.reference(inverted: [.din, .clk])
    let driver = try #require(ShiftChainBitBangDriver(board: board, lines: lines))
    try driver.start()
    #expect(
      lines.writes == [.init(lines: [.din, .le, .bl], levels: [.din]), .init(lines: [.clk], levels: [.clk])])
    lines.writes = []
    try driver.write(board.layout.blank.with(position: 7, cathode: 1))
    // Bit for position 54 (tube 6 digit 1) is sent 10th: DIN high means physically low.
    #expect(lines.writes[9 * 2] == .init(lines: [.din, .clk], levels: []))
    #expect(lines.writes[0] == .init(lines: [.din, .clk], levels: [.din]))
    #expect(lines.writes[1] == .init(lines: [.clk], levels: [.clk]))
  }

  @Test func spiBytesStartWithTheLastChainPosition() {
    #expect(ShiftChain.bytes(of: OutputBits(count: 64, on: [63])) == [0x80, 0, 0, 0, 0, 0, 0, 0])
    #expect(ShiftChain.bytes(of: OutputBits(count: 64, on: [0])) == [0, 0, 0, 0, 0, 0, 0, 0x01])
    #expect(ShiftChain.bytes(of: OutputBits(count: 64, on: [54, 9])) == [0, 0x40, 0, 0, 0, 0, 0x02, 0])
  }
}

extension DisplayState {
  /// This state with one more cathode lit.
  func with(position: Int, cathode: Int) -> DisplayState {
    var copy = self
    copy.lit[position].insert(cathode)
    return copy
  }
}

/// A line that powers the tubes (`enable`, `role: power`): on while they show something, off
/// after `blank()` (a dark night, an empty room), and kept off by dark frames until a lit one.
struct PowerLineDriverTests {
  static func board(blanking: Bool) -> BoardProfile {
    var board = TestBoards.reference(blanking: blanking)
    board.gpio?.lines[.hven] = 5
    board.enable = EnableWiring(dims: false)
    return board
  }

  @Test(arguments: [true, false])
  func darkFramesKeepThePowerOffUntilALitOne(blanking: Bool) throws {
    let board = Self.board(blanking: blanking)
    let lines = RecordingLines()
    let driver = try #require(ShiftChainBitBangDriver(board: board, lines: lines))
    try driver.start()
    let lit = try board.formatter.format("1")
    let dark = board.layout.blank
    try driver.write(lit)
    try driver.blank()
    let off = lines.writes.last { $0.lines.contains(.hven) }
    #expect(off?.levels.contains(.hven) == false)
    lines.writes = []
    for _ in 0..<3 { try driver.write(dark) }
    #expect(!lines.writes.contains { $0.lines.contains(.hven) }, "\(lines.writes)")
    try driver.write(lit)
    #expect(lines.writes.contains { $0.lines.contains(.hven) && $0.levels.contains(.hven) })
  }
}
