import NixieBoardModel
import NixieDrivers
import NixieTestBoards
import Testing

/// The MCP23017 and PCF8574 drivers' bytes on the bus, checked at the transport seam.
struct ExpanderDriverTests {
  static func mcp(_ bus: RecordingBus, clock: SteppingClock = SteppingClock()) -> (
    ExpanderDriver, BoardProfile
  ) {
    let board = TestBoards.expander("MCP23017")
    return (ExpanderDriver(board: board, expander: .mcp23017, bus: bus, clock: clock), board)
  }

  @Test func theMCP23017StartsWithBlankLatchesThenMakesThePinsOutputs() throws {
    let bus = RecordingBus()
    let (driver, _) = Self.mcp(bus)
    try driver.start()
    #expect(bus.transactions.map(\.description) == ["0x20 0x14 [0xff, 0xff]", "0x20 0x00 [0x00, 0x00]"])
  }

  @Test(arguments: [
    ("1234", [UInt8(0x21), 0x43]), ("0000", [0x00, 0x00]), ("9876", [0x89, 0x67]),
    ("  12", [0xFF, 0x21]), ("5   ", [0xF5, 0xFF]),
  ])
  func aFrameIsOLATAThenOLATBInOneWriteFrom0x14(_ value: String, _ latches: [UInt8]) throws {
    let bus = RecordingBus()
    let (driver, board) = Self.mcp(bus)
    try driver.start()
    bus.transactions = []
    try driver.write(try board.formatter.format(value))
    #expect(bus.transactions == [.init(address: 0x20, register: 0x14, bytes: latches)])
  }

  @Test func anUnchangedFrameCostsNoBusTrafficAndBlankIsBCD15() throws {
    let bus = RecordingBus()
    let (driver, board) = Self.mcp(bus)
    try driver.start()
    let frame = try board.formatter.format("1234")
    try driver.write(frame)
    let count = bus.transactions.count
    try driver.write(frame)
    #expect(bus.transactions.count == count)
    try driver.blank()
    #expect(bus.transactions.last == .init(address: 0x20, register: 0x14, bytes: [0xFF, 0xFF]))
  }

  @Test func aGlitchIsRetriedAndTheFrameStillArrives() throws {
    let bus = RecordingBus()
    let clock = SteppingClock()
    let (driver, board) = Self.mcp(bus, clock: clock)
    try driver.start()
    bus.transactions = []
    bus.failures = [BusGlitch(isTransient: true), BusGlitch(isTransient: true)]
    try driver.write(try board.formatter.format("1234"))
    #expect(bus.transactions == [.init(address: 0x20, register: 0x14, bytes: [0x21, 0x43])])
    #expect(clock.sleeps == [1_000_000, 2_000_000])
  }

  @Test func afterAPersistentFaultTheNextWriteResendsAndReconfigures() throws {
    let bus = RecordingBus()
    let (driver, board) = Self.mcp(bus)
    try driver.start()
    bus.transactions = []
    bus.failures = Array(repeating: BusGlitch(isTransient: true), count: 4)
    let frame = try board.formatter.format("1234")
    #expect(throws: RetriesExhausted.self) { try driver.write(frame) }
    #expect(bus.transactions.isEmpty)
    // The bus is back: the same frame is not skipped, and the chip is set up again in case
    // it was reset.
    try driver.write(frame)
    #expect(
      bus.transactions.map(\.description) == ["0x20 0x14 [0x21, 0x43]", "0x20 0x00 [0x00, 0x00]"])
  }

  @Test func aLastingFaultIsThrownAtOnce() throws {
    let bus = RecordingBus()
    let (driver, board) = Self.mcp(bus)
    bus.failures = [BusGlitch(isTransient: false)]
    #expect(throws: BusGlitch(isTransient: false)) { try driver.write(try board.formatter.format("1")) }
    #expect(bus.attempts == 1)
  }

  @Test func thePCF8574GetsOneBytePerChipAndOnlyWhenItChanged() throws {
    let bus = RecordingBus()
    let board = TestBoards.expander("PCF8574")
    let driver = ExpanderDriver(board: board, expander: .pcf8574, bus: bus, clock: SteppingClock())
    try driver.start()
    #expect(bus.transactions.map(\.description) == ["0x20 - [0xff]", "0x21 - [0xff]"])
    bus.transactions = []
    try driver.write(try board.formatter.format("1234"))
    #expect(bus.transactions.map(\.description) == ["0x20 - [0x21]", "0x21 - [0x43]"])
    bus.transactions = []
    try driver.write(try board.formatter.format("1299"))
    #expect(bus.transactions.map(\.description) == ["0x21 - [0x99]"])
    try driver.write(try board.formatter.format("1299"))
    #expect(bus.transactions.count == 1)
  }

  @Test func thePCF8574RetriesAndResendsLikeTheMCP23017() throws {
    let bus = RecordingBus()
    let board = TestBoards.expander("PCF8574")
    let driver = ExpanderDriver(board: board, expander: .pcf8574, bus: bus, clock: SteppingClock())
    bus.failures = Array(repeating: BusGlitch(isTransient: true), count: 4)
    let frame = try board.formatter.format("12")
    #expect(throws: RetriesExhausted.self) { try driver.write(frame) }
    try driver.write(frame)
    #expect(bus.transactions.map(\.description) == ["0x20 - [0xff]", "0x21 - [0x21]"])
  }

  @Test func aPortIsEightOutputsLowestFirst() {
    let bits = OutputBits(count: 12, on: [0, 3, 8, 11])
    #expect(bits.byte(from: 0) == 0b0000_1001)
    #expect(bits.byte(from: 8) == 0b0000_1001)
    #expect(bits.byte(from: 4) == 0b1001_0000)
  }
}
