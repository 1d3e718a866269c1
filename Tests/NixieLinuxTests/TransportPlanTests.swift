import NixieBoardModel
import Testing

@testable import NixieBackend
@testable import NixieLinux

/// Each board profile asks for the devices and settings its wiring says, and nothing else.
struct TransportPlanTests {
  @Test func theBitBangedBoardRequestsItsFourLinesIdleLowAndWatchesTheEncoder() throws {
    let plan = TransportPlan(board: try Boards.named("hv5622-6xin14"))
    #expect(
      plan.outputs
        == TransportPlan.Outputs(
          chip: "raspberry-pi", lines: [.din: 10, .clk: 11, .le: 8, .bl: 25], initialLevels: []))
    #expect(
      plan.inputs
        == TransportPlan.Inputs(chip: "raspberry-pi", lines: [.a: 17, .b: 27, .sw: 22], pullUp: true))
    #expect(plan.spi == nil)
    #expect(plan.i2c == nil)
  }

  @Test func theSPIBoardOpensSpidevInMode1AndKeepsOnlyBlankingOnGPIO() throws {
    let plan = TransportPlan(board: try Boards.named("hv5622-6xin14-spi"))
    #expect(plan.spi == SPIWiring(device: "/dev/spidev0.0", mode: 1, speedHz: 1_000_000, bitsPerWord: 8))
    #expect(plan.outputs?.lines == [.bl: 25])
    #expect(plan.i2c == nil)
  }

  @Test(arguments: [
    ("mcp23017-4xin12", "MCP23017", [UInt8(0x20)]), ("pcf8574-4xin12", "PCF8574", [0x20, 0x21]),
  ])
  func expanderBoardsOpenTheirBusAndAddresses(_ name: String, _ chip: String, _ addresses: [UInt8]) throws {
    let plan = TransportPlan(board: try Boards.named(name))
    let expander = try #require(I2CExpander(rawValue: chip))
    #expect(plan.i2c == TransportPlan.Expanders(bus: "/dev/i2c-1", chip: expander, addresses: addresses))
    #expect(plan.outputs == nil)
    #expect(plan.spi == nil)
  }

  @Test func invertedLinesAreRequestedHighSoTheChipSeesThemLow() throws {
    var board = try Boards.named("hv5622-6xin14")
    board.invertedLines = [.clk, .bl]
    #expect(TransportPlan(board: board).outputs?.initialLevels == [.clk, .bl])
  }
}
