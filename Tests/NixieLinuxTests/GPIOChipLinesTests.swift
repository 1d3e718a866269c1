import NixieBoardModel
import NixieDrivers
import NixieTransports
import Testing

@testable import NixieLinux

/// The libgpiod transport requests the board's lines once and sets several in one call.
struct GPIOChipLinesTests {
  static func lines(_ chip: FakeGPIOChip = FakeGPIOChip()) throws(HardwareError) -> GPIOChipLines {
    try GPIOChipLines(
      chip: chip, lines: [.din: 10, .clk: 11, .le: 8, .bl: 25], initialLevels: [], consumer: "nixie")
  }

  @Test func theLinesAreRequestedOnceInRoleOrderWithTheConsumerName() throws {
    let chip = FakeGPIOChip()
    _ = try Self.lines(chip)
    #expect(chip.outputRequests.count == 1)
    #expect(chip.outputRequests[0].offsets == [10, 11, 8, 25])
    #expect(chip.outputRequests[0].values == [false, false, false, false])
    #expect(chip.outputRequests[0].consumer == "nixie")
  }

  @Test func eachSetIsOneCallThatKeepsTheOtherLinesLevels() throws {
    let chip = FakeGPIOChip()
    let lines = try Self.lines(chip)
    try lines.set([.din, .clk], to: [.din, .clk])
    try lines.set(.clk, to: [])
    try lines.set(.bl, to: .bl)
    #expect(
      chip.outputs.writes == [
        [true, true, false, false], [true, false, false, false], [true, false, false, true],
      ])
    #expect(lines.levels == [.din, .bl])
    #expect(lines.writeCount == 3)
  }

  @Test func eachWriteNamesOnlyItsLinesSoLibgpiod2SetsNoOther() throws {
    let chip = FakeGPIOChip()
    let lines = try Self.lines(chip)
    try lines.set([.din, .clk], to: .clk)
    try lines.set(.le, to: .le)
    try lines.set([.bl, .din], to: [.bl, .din])
    // Request order: din, clk, le, bl.
    #expect(
      chip.outputs.masks == [
        [true, true, false, false], [false, false, true, false], [true, false, false, true],
      ])
    #expect(chip.outputs.writes.last == [true, true, true, true])
  }

  @Test func aFrameCostsTwoWritesABitPlusTwoAndNoneWhenUnchanged() throws {
    let board = try Boards.named("hv5622-6xin14")
    let chip = FakeGPIOChip()
    let lines = try Self.lines(chip)
    let driver = try #require(ShiftChainBitBangDriver(board: board, lines: lines))
    try driver.start()
    let before = chip.outputs.writes.count
    let frame = try board.formatter.format("12:34:56")
    try driver.write(frame)
    // 2 × 64 shift writes, 2 for the latch, 1 raising BL.
    let writes = chip.outputs.writes.count - before
    #expect(writes == 2 * 64 + 2 + 1)
    let after = chip.outputs.writes.count
    try driver.write(frame)
    #expect(chip.outputs.writes.count == after)
  }

  static let frame = [
    LineWrite([.din, .clk], to: [.din, .clk]), LineWrite(.clk, to: []), LineWrite([.din, .clk], to: .clk),
    LineWrite(.clk, to: []), LineWrite(.le, to: .le), LineWrite(.le, to: []),
  ]

  /// A bit-banged frame is one call down to the request, which makes its writes one by one:
  /// the same writes, masks and levels as one `set` each.
  @Test func aSequenceIsOneCallThatMakesTheWritesOfOneSetEach() throws {
    let oneByOne = FakeGPIOChip()
    let single = try Self.lines(oneByOne)
    for write in Self.frame { try single.set(write.lines, to: write.levels) }
    let sequenced = FakeGPIOChip()
    let lines = try Self.lines(sequenced)
    try lines.set(Self.frame)
    #expect(sequenced.outputs.calls == 1)
    #expect(oneByOne.outputs.calls == Self.frame.count)
    #expect(sequenced.outputs.writes == oneByOne.outputs.writes)
    #expect(sequenced.outputs.masks == oneByOne.outputs.masks)
    #expect(lines.levels == single.levels)
    #expect(lines.writeCount == Self.frame.count)
  }

  @Test func aSequenceWithALineTheBoardDoesNotWireWritesNothing() throws {
    let chip = FakeGPIOChip()
    let lines = try Self.lines(chip)
    #expect(throws: HardwareError.self) { try lines.set(Self.frame + [LineWrite(.a, to: .a)]) }
    #expect(chip.outputs.writes.isEmpty)
  }

  /// Each line is requested under its role's bit, so a write sets the lines it names whatever
  /// the roles: 74HC595 lines from `data` on, and an HV5622 chain without BL with a HVEN line.
  @Test func eachRoleSetsItsOwnLineWhateverTheRolesAre() throws {
    let shiftRegister = FakeGPIOChip()
    let lines595 = try GPIOChipLines(
      chip: shiftRegister, lines: [.data: 5, .shcp: 6, .stcp: 7, .oe: 8], initialLevels: .role(.oe),
      consumer: "nixie")
    try lines595.set(LineSet([.data, .shcp]), to: .role(.shcp))
    #expect(shiftRegister.outputs.masks == [[true, true, false, false]])
    #expect(shiftRegister.outputs.writes == [[false, true, false, true]])
    let gaps = FakeGPIOChip()
    let gapped = try GPIOChipLines(
      chip: gaps, lines: [.din: 1, .le: 2, .hven: 3], initialLevels: [], consumer: "nixie")
    try gapped.set(LineSet([.le, .hven]), to: .role(.hven))
    try gapped.set(.din, to: .din)
    #expect(gaps.outputs.masks == [[false, true, true], [true, false, false]])
    #expect(gaps.outputs.writes == [[false, false, true], [true, false, true]])
    #expect(gapped.levels == [.din, .role(.hven)])
  }

  @Test func aLineTheBoardDoesNotWireIsRefused() throws {
    let lines = try Self.lines()
    #expect(throws: HardwareError.self) { try lines.set(.a, to: .a) }
  }

  @Test func aBusyLineNamesWhoHoldsIt() throws {
    let chip = FakeGPIOChip()
    chip.held = [8: "spi0 CS0"]
    do throws(HardwareError) {
      _ = try Self.lines(chip)
      Issue.record("the request should fail")
    } catch {
      #expect(error.problem == .busy)
      #expect(error.detail == "line 8 held by \"spi0 CS0\"")
      #expect(error.fix.contains("dtparam=spi=off"))
      #expect(error.operation == "request lines 10 (din), 11 (clk), 8 (le), 25 (bl) as outputs")
    }
  }

  @Test func releaseGivesTheLinesBack() throws {
    let chip = FakeGPIOChip()
    let lines = try Self.lines(chip)
    lines.release()
    #expect(chip.outputs.released)
  }
}
