import NixieBoardModel
import NixieDrivers
import NixieSimulator
import Testing

/// The chain model follows the datasheet, and flags waveforms a real chain would garble.
struct HV5622ChainModelTests {
  /// A chain and its lines, driven by hand.
  struct Bench {
    let board: NixieBoardModel.BoardProfile
    let gpio: SimulatedGPIOChip
    let chain: ShiftChainModel

    init() throws {
      board = try Boards.reference()
      gpio = SimulatedGPIOChip(name: "gpiochip0", offsets: board.gpio!.lines, clock: ManualClock())
      chain = try #require(ShiftChainModel(board: board))
      gpio.addObserver(chain)
    }

    func set(_ lines: LineSet, _ levels: LineSet) throws { try gpio.set(lines, to: levels) }

    func clockIn(_ bit: Bool) throws {
      try set([.din, .clk], bit ? [.din, .clk] : [.clk])
      try set([.clk], [])
    }
  }

  @Test func bitsShiftOnTheFallingEdgeAndTheLastOneLandsAtPositionZero() throws {
    let bench = try Bench()
    try bench.clockIn(true)
    #expect(bench.chain.shiftRegister.onOutputs == [0])
    try bench.clockIn(false)
    try bench.clockIn(false)
    #expect(bench.chain.shiftRegister.onOutputs == [2])
    // A rising edge alone shifts nothing.
    try bench.set([.din, .clk], [.din, .clk])
    #expect(bench.chain.shiftRegister.onOutputs == [2])
    #expect(bench.chain.shiftCount == 3)
  }

  @Test func bitsFallOffTheEndOfTheChain() throws {
    let bench = try Bench()
    try bench.clockIn(true)
    for _ in 0..<63 { try bench.clockIn(false) }
    #expect(bench.chain.shiftRegister.onOutputs == [63])
    try bench.clockIn(false)
    #expect(bench.chain.shiftRegister.isAllOff)
  }

  @Test func theLatchIsTransparentWhileLEIsHigh() throws {
    let bench = try Bench()
    try bench.set([.bl], [.bl])
    try bench.clockIn(true)
    #expect(bench.chain.latches.isAllOff)
    try bench.set([.le], [.le])
    #expect(bench.chain.latches.onOutputs == [0])
    try bench.clockIn(false)
    #expect(bench.chain.latches.onOutputs == [1])
    try bench.set([.le], [])
    try bench.clockIn(false)
    #expect(bench.chain.latches.onOutputs == [1])
    #expect(bench.chain.shiftRegister.onOutputs == [2])
  }

  @Test func blankingLowHidesTheLatches() throws {
    let bench = try Bench()
    try bench.clockIn(true)
    try bench.set([.le], [.le])
    try bench.set([.le], [])
    #expect(!bench.chain.outputsEnabled)
    #expect(bench.chain.visibleOutputs.isAllOff)
    try bench.set([.bl], [.bl])
    #expect(bench.chain.visibleOutputs.onOutputs == [0])
  }

  @Test func dataChangingWithTheFallingClockEdgeIsASetupViolation() throws {
    let bench = try Bench()
    try bench.set([.clk], [.clk])
    try bench.set([.din, .clk], [.din])
    #expect(bench.chain.violations.count == 1)
    #expect(bench.chain.violations[0].contains("setup time"))
  }

  @Test func latchMovingWithAClockEdgeIsAViolation() throws {
    let bench = try Bench()
    try bench.set([.clk, .le], [.clk, .le])
    #expect(bench.chain.violations.count == 1)
  }

  @Test func invertingLevelShiftersAreModelled() throws {
    var board = try Boards.reference()
    board.invertedLines = [.din, .clk]
    let gpio = SimulatedGPIOChip(name: "gpiochip0", offsets: board.gpio!.lines, clock: ManualClock())
    let chain = try #require(ShiftChainModel(board: board, levels: gpio.levels))
    gpio.addObserver(chain)
    let driver = try #require(ShiftChainBitBangDriver(board: board, lines: gpio))
    try driver.start()
    let frame = try board.formatter.format("12:34:56")
    try driver.write(frame)
    #expect(chain.state == frame)
    #expect(chain.violations.isEmpty)
  }

  @Test func writesToLinesTheBoardDoesNotWireFail() throws {
    let board = try Boards.reference()
    let gpio = SimulatedGPIOChip(name: "gpiochip0", offsets: [.din: 10], clock: ManualClock())
    #expect(throws: SimulatorError.lineNotWired(chip: "gpiochip0", roles: [.clk])) {
      try gpio.set([.din, .clk], to: [])
    }
    _ = board
  }
}
