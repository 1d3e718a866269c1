import NixieBackend
import NixieBoardModel
import NixieDrivers
import NixieSystem
import NixieTransports
import Testing

@testable import NixieLinux

/// An SPI device double that records each transfer.
final class RecordingSPI: SPIDevice {
  var transfers: [[UInt8]] = []
  func transfer(_ bytes: [UInt8]) throws { transfers.append(bytes) }
}

/// An I2C bus double that records each transaction.
final class RecordingBus: I2CBus {
  var writes: [(address: UInt8, register: UInt8?, bytes: [UInt8])] = []
  func write(address: UInt8, register: UInt8, bytes: [UInt8]) throws {
    writes.append((address, register, bytes))
  }
  func send(address: UInt8, byte: UInt8) throws { writes.append((address, nil, [byte])) }
  func read(address: UInt8, register: UInt8) throws -> UInt8 { 0 }
  func receive(address: UInt8) throws -> UInt8 { 0xFF }
}

/// Opens doubles and remembers what it was asked to open.
final class FakeOpener: TransportOpener {
  let chip = FakeGPIOChip()
  let spi = RecordingSPI()
  let bus = RecordingBus()
  var opened: [String] = []
  var failure: HardwareError?
  /// The level each input line reads, by offset (high when not given: a pull-up).
  var inputLevels: [UInt32: Bool] = [:]

  func openOutputs(_ outputs: TransportPlan.Outputs) throws(HardwareError) -> GPIOLines {
    if let failure { throw failure }
    opened.append("gpio \(outputs.chip)")
    return try GPIOChipLines(
      chip: chip, lines: outputs.lines, initialLevels: outputs.initialLevels, consumer: "nixie")
  }

  func openSPI(_ wiring: SPIWiring) throws(HardwareError) -> SPIDevice {
    opened.append("spi \(wiring.device) mode \(wiring.mode) \(wiring.speedHz) Hz \(wiring.bitsPerWord) bits")
    return spi
  }

  func openI2C(_ expanders: TransportPlan.Expanders) throws(HardwareError) -> I2CBus {
    opened.append("i2c \(expanders.bus)")
    return bus
  }

  func readLevel(chip: String, line: UInt32, pullUp: Bool) throws(HardwareError) -> Bool {
    opened.append("read \(chip) line \(line)\(pullUp ? " pull-up" : "")")
    return inputLevels[line] ?? true
  }
}

/// Collects reported frames.
final class Frames: FrameObserver {
  var shown: [LatchedFrame] = []
  func frameShown(_ frame: LatchedFrame) { shown.append(frame) }
}

/// `HardwareBoard` opens what each profile needs and builds the matching driver on it.
struct HardwareBoardTests {
  @Test func theBitBangedBoardDrivesItsLinesThroughOneRequest() throws {
    let board = try Boards.named("hv5622-6xin14")
    let opener = FakeOpener()
    let hardware = try HardwareBoard(board: board, clock: FixedClock(), opener: opener)
    #expect(opener.opened == ["gpio raspberry-pi"])
    try hardware.driver.start()
    try hardware.driver.write(try board.formatter.format("12:34:56"))
    #expect(opener.chip.outputRequests.count == 1)
    #expect(opener.chip.outputs.writes.count == 2 + 2 * 64 + 2 + 1)
    #expect(hardware.tracedRoles == [.din, .clk, .le, .bl])
  }

  /// While nothing traces the lines, a frame is one call down to the libgpiod request; traced,
  /// its writes go one by one (each stamped). The writes and the levels are the same.
  @Test func aFrameIsOneCallToTheRequestUnlessTheLinesAreTraced() throws {
    let board = try Boards.named("hv5622-6xin14")
    let frame = try board.formatter.format("12:34:56")
    var runs: [(opener: FakeOpener, hardware: HardwareBoard)] = []
    for traced in [false, true] {
      let opener = FakeOpener()
      let hardware = try HardwareBoard(board: board, clock: FixedClock(), opener: opener)
      if traced { hardware.addLineObserver { _, _, _ in } }
      try hardware.driver.start()
      try hardware.driver.write(frame)
      runs.append((opener, hardware))
    }
    let (plain, traced) = (runs[0], runs[1])
    // start's 2 writes, the frame, BL.
    #expect(plain.opener.chip.outputs.calls == 2 + 1 + 1)
    #expect(traced.opener.chip.outputs.calls == 2 + 2 * 64 + 2 + 1)
    #expect(plain.opener.chip.outputs.writes == traced.opener.chip.outputs.writes)
    #expect(plain.hardware.levels == traced.hardware.levels)
    #expect(plain.hardware.lineWriteCount == 2 + 2 * 64 + 2 + 1)
  }

  @Test func theSPIBoardSendsAFrameAsOneTransferAndBlanksThroughGPIO() throws {
    let board = try Boards.named("hv5622-6xin14-spi")
    let opener = FakeOpener()
    let hardware = try HardwareBoard(board: board, clock: FixedClock(), opener: opener)
    #expect(opener.opened == ["gpio raspberry-pi", "spi /dev/spidev0.0 mode 1 1000000 Hz 8 bits"])
    try hardware.driver.start()
    let frame = try board.formatter.format("12:34:56")
    try hardware.driver.write(frame)
    try hardware.driver.write(frame)
    #expect(opener.spi.transfers == [ShiftChain.bytes(of: board.outputs.encode(frame))])
    // BL: requested low, lowered by start (no change), raised with the first frame.
    #expect(opener.chip.outputs.writes == [[false], [true]])
  }

  @Test func theMCP23017BoardConfiguresTheChipAndWritesBothLatchesAtOnce() throws {
    let board = try Boards.named("mcp23017-4xin12")
    let opener = FakeOpener()
    let hardware = try HardwareBoard(board: board, clock: FixedClock(), opener: opener)
    #expect(opener.opened == ["i2c /dev/i2c-1"])
    try hardware.driver.start()
    try hardware.driver.write(try board.formatter.format("1234"))
    let writes = opener.bus.writes.map { "\($0.address) \($0.register.map(String.init) ?? "-") \($0.bytes)" }
    #expect(writes == ["32 20 [255, 255]", "32 0 [0, 0]", "32 20 [33, 67]"])
  }

  @Test func thePCF8574BoardSendsOneBytePerChip() throws {
    let board = try Boards.named("pcf8574-4xin12")
    let opener = FakeOpener()
    let hardware = try HardwareBoard(board: board, clock: FixedClock(), opener: opener)
    try hardware.driver.start()
    try hardware.driver.write(try board.formatter.format("1234"))
    let writes = opener.bus.writes.map { "\($0.address) \($0.bytes)" }
    #expect(writes == ["32 [255]", "33 [255]", "32 [33]", "33 [67]"])
  }

  @Test func traceObserversSeeEachChangeAndFrameObserversEachFrame() throws {
    let board = try Boards.named("hv5622-6xin14")
    let clock = FixedClock(5_000)
    let hardware = try HardwareBoard(board: board, clock: clock, opener: FakeOpener())
    var changes: [(LineSet, LineSet, UInt64)] = []
    hardware.addLineObserver { changes.append(($0, $1, $2)) }
    let frames = Frames()
    hardware.addFrameObserver(frames)
    try hardware.driver.start()
    let frame = try board.formatter.format("7")
    try hardware.driver.write(frame)
    try hardware.driver.blank()
    // 64 rising and 64 falling clock edges, LE up and down, BL up and down.
    #expect(changes.filter { $0.0.contains(.clk) }.count == 128)
    #expect(changes.last.map { $0.0 == .bl && $0.1.isEmpty && $0.2 == 5_000 } == true)
    #expect(frames.shown.map(\.state) == [frame, board.layout.blank])
    #expect(frames.shown[0].outputs == board.outputs.encode(frame))
  }

  /// The NCS314 reads its detect line before anything else and drives the chips it found:
  /// docs/BOARDS.md's worked example of 12:34:56 as one transfer, LE on its own GPIO line.
  @Test(
    arguments: [
      (true, "HV5122", [0xC4, 0x00, 0x80, 0x10, 0xC0, 0x80, 0x10, 0x02]),
      (false, "HV5222", [0x08, 0x01, 0x00, 0x23, 0x40, 0x08, 0x01, 0x03]),
    ] as [(Bool, String, [UInt8])])
  func theNCS314ReadsItsDetectLineAndSendsTheVendorsFrame(_ detect: Bool, _ chip: String, _ bytes: [UInt8])
    throws
  {
    let opener = FakeOpener()
    opener.inputLevels[6] = detect
    let hardware = try HardwareBoard(board: try Boards.named("ncs314"), clock: FixedClock(), opener: opener)
    #expect(
      opener.opened == [
        "read raspberry-pi line 6 pull-up", "gpio raspberry-pi", "gpio raspberry-pi",
        "spi /dev/spidev0.0 mode 2 2000000 Hz 8 bits",
      ])
    #expect(hardware.board.chip.name == chip)
    #expect(hardware.detectedLow == !detect)
    // LE, then the backlight's red, green and blue (BCM 20, 16, 21) as a request of their own, dark.
    #expect(opener.chip.outputRequests.map(\.offsets) == [[22], [20, 16, 21]])
    #expect(opener.chip.outputRequests.last?.values == [false, false, false])
    #expect(hardware.backlightLines != nil)
    try hardware.driver.start()
    try hardware.driver.write(try hardware.board.formatter.format("12:34:56"))
    #expect(opener.spi.transfers == [bytes])
    // LE ends high: the chips show the frame (LE is also their OE). It is the first request.
    #expect(opener.chip.outputs.writes.last == [true])
  }

  @Test func exixeModulesGetOneCommandEachOnTheirOwnSelectLine() throws {
    let opener = FakeOpener()
    let board = try Boards.named("exixe-14")
    let hardware = try HardwareBoard(board: board, clock: FixedClock(), opener: opener)
    #expect(opener.opened == ["gpio raspberry-pi", "spi /dev/spidev0.0 mode 0 4000000 Hz 8 bits"])
    #expect(opener.chip.outputRequests.map { Set($0.offsets) } == [[5, 6, 13, 19, 26, 12]])
    // Every select requested high: no module listens until it is addressed.
    #expect(opener.chip.outputRequests.first?.values.allSatisfy { $0 } == true)
    try hardware.driver.start()
    opener.spi.transfers = []
    try hardware.driver.write(try board.formatter.format("123456"))
    #expect(opener.spi.transfers.count == 6)
    #expect(opener.spi.transfers.allSatisfy { $0.count == 16 && $0.first == 0xAA })
  }

  @Test func anOpeningFailureIsTheTransportsError() throws {
    let opener = FakeOpener()
    opener.failure = HardwareError(
      Errno.noSuchFile, transport: .gpio, device: "/dev/gpiochip0", operation: "open", phase: .open)
    #expect(throws: opener.failure!) {
      _ = try HardwareBoard(board: try Boards.named("hv5622-6xin14"), clock: FixedClock(), opener: opener)
    }
  }
}
