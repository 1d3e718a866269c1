import Foundation
import NixieWireDecoders
import Testing

/// The shift-register reader on waveforms written edge by edge: which edge shifts, what a
/// latch captures, and the timing faults it refuses.
struct ShiftRegisterCaptureTests {
  /// 0xA5 (1010 0101) into an 8-stage chain in SPI mode 2, written by hand: the clock idles
  /// high, data is set while it is high and sampled on each falling edge, then LE rises.
  static let handWrittenA5 = """
    $timescale 1 ns $end
    $var wire 1 ! mosi $end
    $var wire 1 " sclk $end
    $var wire 1 # le $end
    $enddefinitions $end
    #0 0! 1" 1#
    #100 0#
    #200 1! #300 0" #400 1"
    #500 0! #600 0" #700 1"
    #800 1! #900 0" #1000 1"
    #1100 0! #1200 0" #1300 1"
    #1500 0" #1600 1"
    #1700 1! #1800 0" #1900 1"
    #2000 0! #2100 0" #2200 1"
    #2300 1! #2400 0" #2500 1"
    #2600 1#
    #3000
    """

  static let eightStagesMode2 = ShiftRegisterWiring.spi(mode: .mode2, stages: 8)

  @Test func aHandWrittenByteIsLatchedAtTheRisingLE() throws {
    let frames = try ShiftRegisterCapture.frames(
      in: LogicTrace(vcd: Self.handWrittenA5), wiring: Self.eightStagesMode2)
    #expect(frames.count == 1)
    #expect(frames.first?.time == 2600)
    #expect(frames.first?.bytesMSBFirst == [0xA5])
    #expect(frames.first?.bytesLSBFirst == [0xA5])
    #expect(frames.first?.bitsSincePreviousLatch == 8)
    #expect(frames.first?.shiftsWhileTransparent == 0)
  }

  @Test func theChainKeepsTheLastBitsShifted() throws {
    var wave = VCDBuilder(wires: [("mosi", false), ("sclk", true), ("le", true)])
    wave.set("le", false)
    wave.spi([0xFF, 0x0F, 0x3C], mode: 2)
    wave.set("le", true)
    wave.wait(1_000)
    let frames = try ShiftRegisterCapture.frames(
      in: LogicTrace(vcd: wave.text), wiring: .spi(mode: .mode2, stages: 16))
    #expect(frames.map(\.bytesMSBFirst) == [[0x0F, 0x3C]])
    #expect(frames.map(\.bitsSincePreviousLatch) == [24])
  }

  @Test(arguments: [0, 1, 2, 3])
  func everyModeShiftsOnItsSamplingEdge(mode: Int) throws {
    let bytes: [UInt8] = [0x81, 0x42, 0x24, 0x18, 0xC3, 0x5A, 0x00, 0xFF]
    var wave = VCDBuilder(wires: [("mosi", false), ("sclk", mode >= 2), ("le", true)])
    wave.set("le", false)
    wave.spi(bytes, mode: mode)
    wave.set("le", true)
    wave.wait(1_000)
    let spiMode = try #require(SPIMode(mode))
    let frames = try ShiftRegisterCapture.frames(
      in: LogicTrace(vcd: wave.text), wiring: .spi(mode: spiMode, stages: 64))
    #expect(frames.map(\.bytesMSBFirst) == [bytes])
  }

  @Test func dataChangingAtTheSamplingEdgeIsRefused() throws {
    let vcd = Self.handWrittenA5.replacingOccurrences(of: "#500 0! #600 0\"", with: "#600 0! 0\"")
    #expect(
      throws: WireDecodeError(
        time: 600, "mosi changes at the same instant as the falling edge of sclk: no setup time")
    ) {
      try ShiftRegisterCapture.frames(in: LogicTrace(vcd: vcd), wiring: Self.eightStagesMode2)
    }
  }

  @Test func aLatchBeforeTheChainIsFullIsRefused() throws {
    #expect(
      throws: WireDecodeError(
        time: 2600, "le latches after only 8 of 16 bits: the rest of the chain holds power-on garbage")
    ) {
      try ShiftRegisterCapture.frames(
        in: LogicTrace(vcd: Self.handWrittenA5), wiring: .spi(mode: .mode2, stages: 16))
    }
  }

  @Test func aClockAwayFromItsIdleLevelAtTheLatchIsRefused() throws {
    // The same bits clocked in mode 1 (idle low) do not look like the vendor's mode 2.
    var wave = VCDBuilder(wires: [("mosi", false), ("sclk", false), ("le", true)])
    wave.set("le", false)
    wave.spi([0xA5], mode: 1)
    wave.set("le", true)
    #expect(throws: WireDecodeError(time: 4250, "sclk is low at the latch edge; the firmware leaves it high"))
    {
      try ShiftRegisterCapture.frames(in: LogicTrace(vcd: wave.text), wiring: Self.eightStagesMode2)
    }
  }

  @Test func shiftsWhileTheLatchIsTransparentAreCounted() throws {
    // LE stays high (transparent on an HV5122) while the second byte is clocked in.
    var wave = VCDBuilder(wires: [("mosi", false), ("sclk", true), ("le", true)])
    wave.set("le", false)
    wave.spi([0x12], mode: 2)
    wave.set("le", true)
    wave.wait(500)
    wave.spi([0x34], mode: 2)
    wave.set("le", false)
    wave.wait(500)
    wave.set("le", true)
    let frames = try ShiftRegisterCapture.frames(
      in: LogicTrace(vcd: wave.text), wiring: Self.eightStagesMode2)
    #expect(frames.map(\.bytesMSBFirst) == [[0x12], [0x34]])
    #expect(frames.map(\.shiftsWhileTransparent) == [0, 8])
    // Without an output-enable latch a frame is shown until the next latch edge.
    #expect(frames.first?.shownUntil == frames.last?.time)
  }

  @Test func aShiftAndALatchAtOneInstantAreRefused() throws {
    let vcd = Self.handWrittenA5.replacingOccurrences(
      of: "#2400 0\" #2500 1\"\n#2600 1#", with: "#2400 0\" 1#")
    #expect(throws: WireDecodeError(time: 2400, "sclk shifts and le latches at the same instant")) {
      try ShiftRegisterCapture.frames(in: LogicTrace(vcd: vcd), wiring: Self.eightStagesMode2)
    }
  }
}
