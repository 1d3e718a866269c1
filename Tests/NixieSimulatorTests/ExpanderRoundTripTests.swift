import NixieBoardModel
import NixieDrivers
import NixieSimulator
import Testing

/// Frames go through the expander drivers, over the simulated I2C bus, into register-level
/// models of the chips, and are decoded back from the pins through the board map.
struct ExpanderRoundTripTests {
  static let boards = ["mcp23017-4xin12", "pcf8574-4xin12"]

  static func started(_ name: String) throws -> (SimulatedBoard, BoardProfile) {
    let board = try Boards.named(name)
    let sim = try SimulatedBoard(board: board, clock: ManualClock())
    try sim.driver.start()
    return (sim, board)
  }

  @Test(arguments: boards)
  func everyDigitOnEveryTubeRoundTrips(_ name: String) throws {
    let (sim, board) = try Self.started(name)
    var checked = 0
    for (index, position) in board.layout.positions.enumerated() {
      for cathode in position.wired.indices {
        var state = board.layout.blank
        state.lit[index] = .only(cathode)
        try sim.driver.write(state)
        #expect(sim.display.state == state, "\(position.name) \(position.model.cathodes[cathode].name)")
        checked += 1
      }
    }
    #expect(checked == 4 * 10)
    #expect(sim.display.violations.isEmpty)
  }

  @Test(arguments: boards)
  func everyDigitOnAllTubesAtOnceRoundTrips(_ name: String) throws {
    let (sim, board) = try Self.started(name)
    for digit in 0...9 {
      let state = try board.formatter.format(String(repeating: String(digit), count: 4))
      try sim.driver.write(state)
      #expect(sim.display.state == state)
    }
    try sim.driver.write(try board.formatter.format("1234"))
    #expect(board.layout.text(of: sim.display.state) == "1234")
    try sim.driver.blank()
    #expect(sim.display.state.isDark)
  }

  @Test(arguments: boards)
  func theBoardIsDarkFromPowerOnThroughStart(_ name: String) throws {
    let board = try Boards.named(name)
    let sim = try SimulatedBoard(board: board, clock: ManualClock())
    let recorder = FrameRecorder()
    sim.display.addObserver(recorder)
    #expect(sim.display.state.isDark)
    try sim.driver.start()
    #expect(sim.display.state.isDark)
    #expect(recorder.frames.isEmpty)
  }

  /// One chip at a time reaches the tubes: with two PCF8574 the first half of a frame shows
  /// for one transaction (200 µs at 100 kHz) before the second, as on the real bus.
  @Test(arguments: boards)
  func eachChipsWriteShowsAndUnchangedFramesCostNoTransactions(_ name: String) throws {
    let (sim, board) = try Self.started(name)
    let bus = try #require(sim.i2c)
    let recorder = FrameRecorder()
    sim.display.addObserver(recorder)
    let frame = try board.formatter.format("1234")
    try sim.driver.write(frame)
    let count = bus.transactionCount
    try sim.driver.write(frame)
    #expect(bus.transactionCount == count)
    #expect(recorder.frames.count == board.chipCount)
    #expect(recorder.frames.last?.state == frame)
    #expect(recorder.frames.last?.time == bus.lastTime)
  }

  @Test func aGlitchOnTheBusIsRetriedAndTheFrameArrives() throws {
    let (sim, board) = try Self.started("mcp23017-4xin12")
    let bus = try #require(sim.i2c)
    bus.failingTransactions = 2
    try sim.driver.write(try board.formatter.format("1234"))
    #expect(board.layout.text(of: sim.display.state) == "1234")
  }

  @Test func aMissingExpanderIsNotAcknowledgedAndReportedAfterTheRetries() throws {
    var board = try Boards.named("mcp23017-4xin12")
    let sim = try SimulatedBoard(board: board, clock: ManualClock())
    board.i2c?.addresses = [0x27]
    let lost = ExpanderDriver(
      board: board, expander: .mcp23017, bus: try #require(sim.i2c), clock: ManualClock())
    #expect {
      try lost.write(try board.formatter.format("1"))
    } throws: { error in
      guard let exhausted = error as? RetriesExhausted else { return false }
      return exhausted.attempts == 4
        && "\(exhausted.lastError)" == "/dev/i2c-1: no device acknowledged address 0x27"
    }
  }
}

/// The MCP23017 model follows the datasheet's register behaviour.
struct MCP23017ModelTests {
  @Test func atPowerOnEveryPinIsAnInputAndFloatsHigh() {
    let chip = MCP23017Model()
    #expect(chip[.iodirA] == 0xFF && chip[.iodirB] == 0xFF)
    #expect(chip.pins == 0xFFFF)
  }

  @Test func latchesDriveOnlyThePinsThatAreOutputs() {
    let chip = MCP23017Model()
    chip.receive([0x14, 0x21, 0x43])
    #expect(chip.pins == 0xFFFF)
    chip.receive([0x00, 0xF0])
    #expect(chip.pins == 0xFFF1)
    chip.receive([0x01, 0x00])
    #expect(chip.pins == 0x43F1)
  }

  @Test func sequentialAddressingFillsConsecutiveRegistersAndWraps() {
    let chip = MCP23017Model()
    chip.receive([0x14, 0xAA, 0xBB, 0xCC])
    #expect(chip[.olatA] == 0xAA && chip[.olatB] == 0xBB && chip[.iodirA] == 0xCC)
  }

  @Test func withSEQOPSetEveryByteGoesToOneRegister() {
    let chip = MCP23017Model()
    chip.receive([0x0A, 0x20])
    chip.receive([0x14, 0xAA, 0xBB])
    #expect(chip[.olatA] == 0xBB && chip[.olatB] == 0x00)
  }

  @Test func writingGPIOWritesTheLatchAndReadingItReadsThePins() {
    let chip = MCP23017Model()
    chip.receive([0x00, 0x00, 0x0F])
    chip.receive([0x12, 0x5A, 0x3C])
    #expect(chip[.olatA] == 0x5A && chip[.olatB] == 0x3C)
    chip.receive([0x12])
    #expect(chip.transmit(count: 2) == [0x5A, 0x3F])
  }

  @Test func bankModeAndReadOnlyRegistersAreReported() {
    let chip = MCP23017Model()
    chip.receive([0x0E, 0x01])
    chip.receive([0x0A, 0x80])
    chip.receive([0x40])
    #expect(chip.violations.count == 3)
  }

  @Test func thePCF8574PortIsTheLastByteWritten() {
    let chip = PCF8574Model()
    #expect(chip.pins == 0xFF)
    chip.receive([0x12, 0x34])
    #expect(chip.pins == 0x34)
    #expect(chip.transmit(count: 1) == [0x34])
  }
}
