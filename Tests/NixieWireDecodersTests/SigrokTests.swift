import Foundation
import NixieWireDecoders
import Testing

/// A third-party reading of the same waveforms: sigrok's SPI protocol decoder must see the
/// bytes the vendor firmware sends, so the test traces (and the phase 2 simulator's, which use
/// the same wire names) stay readable by PulseView and sigrok-cli, and the waveform builder
/// the other tests use is checked against an implementation that is not ours.
struct SigrokTests {
  static var sigrok: String? {
    ["/usr/bin/sigrok-cli", "/usr/local/bin/sigrok-cli"].first {
      FileManager.default.isExecutableFile(atPath: $0)
    }
  }

  /// The MOSI bytes sigrok-cli's `spi` decoder reads from `vcd` with `options`.
  static func mosiBytes(_ vcd: String, options: String) throws -> [UInt8] {
    let sigrok = try #require(Self.sigrok)
    let file = FileManager.default.temporaryDirectory
      .appendingPathComponent("nixie-wire-decoders-\(getpid())-\(UInt64.random(in: 0...UInt64.max)).vcd")
    try vcd.write(to: file, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: file) }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: sigrok)
    process.arguments = ["-I", "vcd", "-i", file.path, "-P", "spi:" + options, "-B", "spi=mosi"]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let bytes = [UInt8](output.fileHandleForReading.readDataToEndOfFile())
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    return bytes
  }

  /// Two frames with short pauses (sigrok samples the whole dump at 1 GHz).
  static func spiFrames(
    _ frames: [[UInt8]], mode: Int, halfPeriod: UInt64, leIdle: Bool, lePulse: Bool
  ) -> String {
    var wave = VCDBuilder(wires: [("mosi", false), ("sclk", mode >= 2), ("le", leIdle)])
    for bytes in frames {
      wave.wait(2_000)
      if !lePulse { wave.set("le", false) }
      wave.wait(500)
      wave.spi(bytes, mode: mode, halfPeriod: halfPeriod)
      wave.set("le", true)
      if lePulse {
        wave.wait(1_000)
        wave.set("le", false)
      }
      wave.wait(2_000)
    }
    return wave.text
  }

  @Test(.enabled(if: sigrok != nil, "sigrok-cli is not installed (Scripts/setup --test installs it)"))
  func sigrokReadsNCS314Frames() throws {
    let frames = [NCS314DecoderTests.table[0].2, NCS314DecoderTests.table[4].2]
    let vcd = Self.spiFrames(frames, mode: 2, halfPeriod: 250, leIdle: true, lePulse: false)
    #expect(
      try Self.mosiBytes(vcd, options: "clk=sclk:mosi=mosi:cs=le:cs_polarity=active-low:cpol=1:cpha=0")
        == frames.flatMap { $0 })
    #expect(
      try NCS314Protocol.frames(in: LogicTrace(vcd: vcd), chips: .hv5122).compactMap(\.frame.bytesMSBFirst)
        == frames)
  }

  @Test(.enabled(if: sigrok != nil, "sigrok-cli is not installed (Scripts/setup --test installs it)"))
  func sigrokReadsNCS314V3Frames() throws {
    // LE idles low and pulses high after each frame: as an active-low select it frames them.
    let frames = [NCS314V3DecoderTests.table[0].2, NCS314V3DecoderTests.table[5].2]
    let vcd = Self.spiFrames(frames, mode: 3, halfPeriod: 1_000, leIdle: false, lePulse: true)
    #expect(
      try Self.mosiBytes(vcd, options: "clk=sclk:mosi=mosi:cs=le:cs_polarity=active-low:cpol=1:cpha=1")
        == frames.flatMap { $0 })
  }

  @Test(.enabled(if: sigrok != nil, "sigrok-cli is not installed (Scripts/setup --test installs it)"))
  func sigrokReadsNCM109Frames() throws {
    let frames = [NCM109DecoderTests.group1, NCM109DecoderTests.group2, NCM109DecoderTests.group3]
    let vcd = Self.spiFrames(frames, mode: 2, halfPeriod: 250, leIdle: true, lePulse: false)
    #expect(
      try Self.mosiBytes(vcd, options: "clk=sclk:mosi=mosi:cs=le:cs_polarity=active-low:cpol=1:cpha=0")
        == frames.flatMap { $0 })
  }

  @Test(.enabled(if: sigrok != nil, "sigrok-cli is not installed (Scripts/setup --test installs it)"))
  func sigrokReadsExixeCommands() throws {
    var wave = VCDBuilder(wires: [("mosi", false), ("sclk", false), ("cs0", true), ("cs1", true)])
    for (select, bytes) in [("cs0", ExixeDecoderTests.showFour), ("cs1", ExixeDecoderTests.purple)] {
      wave.wait(1_000)
      wave.set(select, false)
      wave.wait(200)
      wave.spi(bytes, mode: 0, halfPeriod: 63)
      wave.set(select, true)
    }
    wave.wait(1_000)
    let vcd = wave.text
    #expect(
      try Self.mosiBytes(vcd, options: "clk=sclk:mosi=mosi:cs=cs0:cs_polarity=active-low:cpol=0:cpha=0")
        == ExixeDecoderTests.showFour)
    #expect(
      try Self.mosiBytes(vcd, options: "clk=sclk:mosi=mosi:cs=cs1:cs_polarity=active-low:cpol=0:cpha=0")
        == ExixeDecoderTests.purple)
  }

  @Test(.enabled(if: sigrok != nil, "sigrok-cli is not installed (Scripts/setup --test installs it)"))
  func sigrokReadsOmnixieFramesLeastSignificantBitFirst() throws {
    // No chip-select: SHCP idles high after every bit and shifts on its rising edge (CPOL 1,
    // CPHA 1); the library sends each byte bit 0 first.
    var wave = VCDBuilder(wires: [("data", false), ("shcp", true), ("stcp", true)])
    let frames = [OmnixieDecoderTests.table[0].2, OmnixieDecoderTests.table[2].2]
    for bytes in frames {
      wave.bitBang(
        bytes.flatMap { byte in (0..<8).map { byte >> UInt8($0) & 1 == 1 } }, data: "data", clock: "shcp",
        step: 500)
      wave.set("stcp", false)
      wave.wait(500)
      wave.set("stcp", true)
      wave.wait(2_000)
    }
    #expect(
      try Self.mosiBytes(wave.text, options: "clk=shcp:mosi=data:cpol=1:cpha=1:bitorder=lsb-first")
        == frames.flatMap { $0 })
  }
}
