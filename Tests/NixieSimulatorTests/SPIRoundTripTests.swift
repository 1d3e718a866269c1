import Foundation
import NixieBoardModel
import NixieDrivers
import NixiePictures
import NixieSimulator
import Testing

/// Frames sent through the simulated SPI controller become edges on din/clk/le, which the same
/// HV5622 chain model decodes: SPI proves its bits as bit-banging does.
struct SPIRoundTripTests {
  static func started(mode: UInt8 = 1) throws -> (SimulatedBoard, BoardProfile) {
    var board = try Boards.named("hv5622-6xin14-spi")
    board.spi?.mode = mode
    let sim = try SimulatedBoard(board: board, clock: ManualClock())
    try sim.driver.start()
    return (sim, board)
  }

  @Test(arguments: [UInt8(1), 2])
  func everyCathodeOfEveryPositionRoundTrips(_ mode: UInt8) throws {
    let (sim, board) = try Self.started(mode: mode)
    var checked = 0
    for (index, position) in board.layout.positions.enumerated() {
      for cathode in position.wired.indices {
        var state = board.layout.blank
        state.lit[index] = .only(cathode)
        try sim.driver.write(state)
        #expect(sim.display.state == state, "mode \(mode): \(position.name) \(cathode)")
        checked += 1
      }
    }
    #expect(checked == 64)
    #expect(sim.display.violations.isEmpty)
  }

  @Test func aFrameIsOneTransferOf64ClockEdgesAndOneLatch() throws {
    let (sim, board) = try Self.started()
    let spi = try #require(sim.spi)
    let chain = try #require(sim.chain)
    let frame = try board.formatter.format("12:34:56")
    try sim.driver.write(frame)
    try sim.driver.write(frame)
    #expect(spi.transferCount == 1)
    #expect(chain.shiftCount == 64)
    #expect(chain.latchCount == 1)
    #expect(sim.gpio.writeCount == 2)
  }

  @Test func theTraceCommentNamesTheSPIDevice() throws {
    let (sim, _) = try Self.started()
    #expect(
      sim.wiringComment
        == "board hv5622-6xin14-spi; raspberry-pi lines bl=25 a=17 b=27 sw=22; "
        + "/dev/spidev0.0 mode 1 at 1000000 Hz drives din clk le")
  }

  @Test(.enabled(if: VCDTraceTests.sigrok != nil, "sigrok-cli is not installed (Scripts/test installs it)"))
  func sigrokDecodesTheTransfersAsSent() throws {
    let board = try Boards.named("hv5622-6xin14-spi")
    let clock = ManualClock(start: 1_000)
    let sim = try SimulatedBoard(board: board, clock: clock)
    let buffer = TextBuffer()
    let trace = VCDWriter(
      output: buffer, roles: sim.gpio.roles, levels: sim.gpio.levels, origin: clock.now(),
      comment: sim.wiringComment)
    sim.gpio.addObserver(trace)
    try sim.driver.start()
    var sent: [UInt8] = []
    for value in ["09:41:00", "1"] {
      let frame = try board.formatter.format(value)
      try sim.driver.write(frame)
      sent += ShiftChain.bytes(of: board.outputs.encode(frame))
      clock.advance(by: 1_000_000)
    }
    trace.finish(at: clock.now())
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("nixie-spi-\(getpid()).vcd")
    try trace.stream.text.write(to: file, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: file) }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: try #require(VCDTraceTests.sigrok))
    process.arguments = [
      "-I", "vcd", "-i", file.path,
      "-P", "spi:clk=clk:mosi=din:cs=le:cs_polarity=active-low:cpol=0:cpha=1", "-B", "spi=mosi",
    ]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let bytes = [UInt8](output.fileHandleForReading.readDataToEndOfFile())
    process.waitUntilExit()
    #expect(bytes == sent)
  }
}
