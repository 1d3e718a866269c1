import NixieDrivers
import NixieTestBoards
import Testing

/// The SPI driver sends a frame as one transfer and blanks through BL.
struct HV5622SPIDriverTests {
  @Test func aFrameIsOneTransferOfTheChainBytesThenBlankingOff() throws {
    let spi = RecordingSPI()
    let lines = RecordingLines()
    let board = TestBoards.referenceOverSPI()
    let driver = try #require(ShiftChainSPIDriver(board: board, spi: spi, lines: lines))
    try driver.start()
    #expect(lines.writes == [.init(lines: .bl, levels: [])])
    let frame = try board.formatter.format("12:34:56")
    try driver.write(frame)
    try driver.write(frame)
    #expect(spi.transfers == [ShiftChain.bytes(of: board.outputs.encode(frame))])
    #expect(spi.transfers[0].count == 8)
    #expect(lines.writes.last == .init(lines: .bl, levels: .bl))
  }

  @Test func aDarkFrameLowersBlankingInsteadOfSendingZeros() throws {
    let spi = RecordingSPI()
    let lines = RecordingLines()
    let board = TestBoards.referenceOverSPI()
    let driver = try #require(ShiftChainSPIDriver(board: board, spi: spi, lines: lines))
    try driver.start()
    try driver.write(try board.formatter.format("1"))
    try driver.write(board.layout.blank)
    #expect(spi.transfers.count == 1)
    #expect(lines.writes.last == .init(lines: .bl, levels: []))
  }

  @Test func invertedDataIsSentInverted() throws {
    let spi = RecordingSPI()
    let board = TestBoards.referenceOverSPI(inverted: [.din, .bl])
    let lines = RecordingLines()
    let driver = try #require(ShiftChainSPIDriver(board: board, spi: spi, lines: lines))
    try driver.start()
    let frame = try board.formatter.format("7")
    try driver.write(frame)
    #expect(spi.transfers == [ShiftChain.bytes(of: board.outputs.encode(frame)).map { ~$0 }])
    #expect(lines.writes == [.init(lines: .bl, levels: .bl), .init(lines: .bl, levels: [])])
  }
}
