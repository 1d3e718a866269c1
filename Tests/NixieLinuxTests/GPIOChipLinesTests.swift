import NixieDrivers
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
