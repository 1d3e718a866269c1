import Foundation
import NixieWireDecoders
import Testing

/// The simulator's traces of the vendor boards read by a decoder that is not ours at all:
/// sigrok's SPI decoder must find on `mosi` exactly the bytes the vendors' decoders read, so
/// `nixie show --trace` files open in PulseView and sigrok-cli as the boards' protocols.
struct SigrokWireTests {
  static var sigrok: String? {
    ["/usr/bin/sigrok-cli", "/usr/local/bin/sigrok-cli"].first {
      FileManager.default.isExecutableFile(atPath: $0)
    }
  }

  /// The MOSI bytes sigrok-cli's `spi` decoder reads from `vcd` with `options`.
  static func mosiBytes(_ vcd: String, options: String) throws -> [UInt8] {
    let sigrok = try #require(Self.sigrok)
    let file = FileManager.default.temporaryDirectory
      .appendingPathComponent("nixie-board-wire-\(getpid())-\(UInt64.random(in: 0...UInt64.max)).vcd")
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

  static let values = ["12:34:56", "09:41:07", "23:59:59"]

  @Test(
    .enabled(if: sigrok != nil, "sigrok-cli is not installed (Scripts/setup --test installs it)"),
    arguments: ["ncs314", "ncs312", "ncs318"])
  func sigrokReadsTheNCS314FamilysFrames(_ board: String) throws {
    let rig = try WireRig(board)
    _ = try rig.showEach(Self.values)
    let vcd = rig.finishedVCD()
    let frames = try NCS314Protocol.frames(in: try LogicTrace(vcd: vcd), chips: .hv5122)
    let shifted = frames.filter { $0.frame.bitsSincePreviousLatch == 64 }
    #expect(shifted.count == Self.values.count)
    let expected = shifted.flatMap { $0.frame.bytesMSBFirst ?? [] }
    let read = try Self.mosiBytes(
      vcd, options: "clk=sclk:mosi=mosi:cs=le:cs_polarity=active-low:cpol=1:cpha=0")
    #expect(read == expected)
  }

  @Test(.enabled(if: sigrok != nil, "sigrok-cli is not installed (Scripts/setup --test installs it)"))
  func sigrokReadsTheNCM109Scan() throws {
    let rig = try WireRig("ncm109")
    try rig.show("12:34:56", settle: 20_000_000)
    let vcd = rig.finishedVCD()
    let frames = try NCM109Protocol.frames(in: try LogicTrace(vcd: vcd), chips: .hv5122)
    let shifted = frames.filter { $0.frame.bitsSincePreviousLatch == 32 }
    #expect(shifted.count > 6)
    let expected = shifted.flatMap { $0.frame.bytesMSBFirst ?? [] }
    let read = try Self.mosiBytes(
      vcd, options: "clk=sclk:mosi=mosi:cs=le:cs_polarity=active-low:cpol=1:cpha=0")
    #expect(read == expected)
  }

  @Test(.enabled(if: sigrok != nil, "sigrok-cli is not installed (Scripts/setup --test installs it)"))
  func sigrokReadsEachExixeModulesCommands() throws {
    let rig = try WireRig("exixe-14")
    _ = try rig.showEach(["123456", "987"])
    let vcd = rig.finishedVCD()
    let bus = try ExixeBus(trace: try LogicTrace(vcd: vcd), tubes: 6)
    for tube in 0..<6 {
      let read = try Self.mosiBytes(
        vcd, options: "clk=sclk:mosi=mosi:cs=cs\(tube):cs_polarity=active-low:cpol=0:cpha=0")
      let commands = bus.events.filter { $0.tube == tube }.compactMap(\.command)
      #expect(!commands.isEmpty)
      #expect(read.count == 16 * commands.count, "tube \(tube)")
      let chunks = stride(from: 0, to: read.count, by: 16).map { Array(read[$0..<min($0 + 16, read.count)]) }
      #expect(try chunks.map { try ExixeCommand(bytes: $0) } == commands, "tube \(tube)")
    }
  }

  @Test(.enabled(if: sigrok != nil, "sigrok-cli is not installed (Scripts/setup --test installs it)"))
  func sigrokReadsTheNCS314V3Frames() throws {
    let rig = try WireRig("ncs314-v3")
    _ = try rig.showEach(Self.values)
    let vcd = rig.finishedVCD()
    let frames = try NCS314V3Protocol.frames(in: try LogicTrace(vcd: vcd))
    #expect(frames.count == Self.values.count)
    let expected = frames.flatMap { $0.frame.bytesMSBFirst ?? [] }
    #expect(try Self.mosiBytes(vcd, options: "clk=sclk:mosi=mosi:cpol=1:cpha=1") == expected)
  }

  @Test(.enabled(if: sigrok != nil, "sigrok-cli is not installed (Scripts/setup --test installs it)"))
  func sigrokReadsTheOmnixieFramesLeastSignificantBitFirst() throws {
    let rig = try WireRig("omnixie-ntdb")
    _ = try rig.showEach(["1234", "0907", "2359"])
    let vcd = rig.finishedVCD()
    let frames = try OmnixieProtocol.frames(in: try LogicTrace(vcd: vcd))
    #expect(frames.count == 3)
    let expected = frames.flatMap { $0.frame.bytesLSBFirst ?? [] }
    #expect(
      try Self.mosiBytes(vcd, options: "clk=shcp:mosi=data:cpol=1:cpha=1:bitorder=lsb-first") == expected)
  }
}
