import Foundation
import Testing

/// The expander and SPI boards through the command line, `nixie doctor` on this machine (which
/// has no GPIO, SPI or I2C devices) and `nixie test-pattern` on the simulator.
struct HardwareCommandTests {
  static let noDevices =
    !FileManager.default.fileExists(atPath: "/dev/gpiochip0")
    && !FileManager.default.fileExists(atPath: "/dev/i2c-1")
    && !FileManager.default.fileExists(atPath: "/dev/spidev0.0")

  @Test(arguments: ["mcp23017-4xin12", "pcf8574-4xin12"])
  func expanderBoardsShowTheValueDecodedFromTheRegisters(_ board: String) throws {
    let folder = try NixieProcess.temporaryFolder()
    let log = folder.appendingPathComponent("frames.jsonl")
    let result = try NixieProcess.run([
      "show", "--board", board, "--backend", "sim", "--json", "--frames-log", log.path, "1234",
    ])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains(#""text": "1234""#))
    let frames = try String(contentsOf: log, encoding: .utf8).split(separator: "\n")
    let last = try JSONSerialization.jsonObject(with: Data(try #require(frames.last).utf8)) as? [String: Any]
    #expect(last?["text"] as? String == "1234")
    // Tube 1 shows 1 (BCD 0001 on outputs 0-3), tube 2 shows 2 (0010 on 4-7), and so on.
    #expect(last?["outputs"] as? [Int] == [0, 5, 8, 9, 14])
  }

  @Test func theSPIBoardShowsTheValueAndTracesTheSPIWires() throws {
    let folder = try NixieProcess.temporaryFolder()
    let trace = folder.appendingPathComponent("spi.vcd")
    let result = try NixieProcess.run([
      "show", "--board", "hv5622-6xin14-spi", "--backend", "sim", "--json", "--trace", trace.path, "12:34:56",
    ])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains(#""text": "12:34:56""#))
    let vcd = try String(contentsOf: trace, encoding: .utf8)
    #expect(vcd.contains("/dev/spidev0.0 mode 1"))
    let clock = try #require(vcd.firstMatch(of: /\$var wire 1 (\S+) clk \$end/)).1
    #expect(vcd.split(separator: "\n").filter { $0 == "1" + clock }.count == 64)
  }

  @Test func theNewBoardsAreListed() throws {
    let result = try NixieProcess.run(["boards"])
    for board in ["hv5622-6xin14-spi", "pcf8574-4xin12"] { #expect(result.stdout.contains(board)) }
    #expect(result.stdout.contains("2 × PCF8574 over I2C /dev/i2c-1"))
  }

  @Test(.enabled(if: noDevices, "this machine has GPIO, SPI or I2C devices"))
  func doctorReportsTheMissingChipWithItsFixAndExits69() throws {
    let result = try NixieProcess.run(["doctor", "--board", "hv5622-6xin14"])
    #expect(result.status == 69)
    // 1.6 here; RealDeviceTests pins which API a build is made for.
    #expect(result.stdout.contains("ok       libgpiod: "), "\(result.stdout)")
    #expect(result.stdout.contains(" API: the one this build is made for)"), "\(result.stdout)")
    #expect(result.stdout.contains("PROBLEM  raspberry-pi: no such GPIO chip"), "\(result.stdout)")
    #expect(result.stdout.contains("fix: there is no such GPIO chip here"))
    #expect(result.stderr.contains("1 problem to fix before --backend hardware can work"))
  }

  @Test(
    .enabled(if: noDevices, "this machine has GPIO, SPI or I2C devices"),
    arguments: [
      ("mcp23017-4xin12", "/dev/i2c-1", "dtparam=i2c_arm=on"),
      ("hv5622-6xin14-spi", "/dev/spidev0.0", "dtparam=spi=on"),
    ])
  func doctorSaysWhichSettingEnablesTheBus(_ board: String, _ device: String, _ setting: String) throws {
    let result = try NixieProcess.run(["doctor", "--board", board])
    #expect(result.status == 69)
    #expect(result.stdout.contains("PROBLEM  \(device)"), "\(result.stdout)")
    #expect(result.stdout.contains(setting))
  }

  @Test func doctorRejectsAnUnknownBoard() throws {
    let result = try NixieProcess.run(["doctor", "--board", "nosuch"])
    #expect(result.status == 2)
  }

  @Test(arguments: [("hv5622-6xin14", 64), ("mcp23017-4xin12", 40), ("pcf8574-4xin12", 40)])
  func testPatternVisitsEveryCathodeOnceThenBlanks(_ board: String, _ cathodes: Int) throws {
    let folder = try NixieProcess.temporaryFolder()
    let log = folder.appendingPathComponent("frames.jsonl")
    let result = try NixieProcess.run([
      "test-pattern", "--board", board, "--backend", "sim", "--step-ms", "0", "--frames-log", log.path,
    ])
    #expect(result.status == 0, "\(result.stderr)")
    let labels = result.stdout.split(separator: "\n")
    #expect(labels.count == cathodes)
    #expect(labels.first == "tube 1: 0")
    let frames = try String(contentsOf: log, encoding: .utf8).split(separator: "\n").map {
      try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any]
    }
    let lit = frames.compactMap { frame -> String? in
      let positions = frame["positions"] as! [[String]]
      let on = positions.enumerated().flatMap { index, names in names.map { "\(index):\($0)" } }
      return on.count == 1 ? on[0] : nil
    }
    #expect(lit.count == cathodes)
    #expect(Set(lit).count == cathodes)
    #expect((frames.last?["positions"] as? [[String]])?.allSatisfy(\.isEmpty) == true)
  }

  @Test func testPatternRejectsANegativeStep() throws {
    let result = try NixieProcess.run(["test-pattern", "--backend", "sim", "--step-ms", "-1"])
    #expect(result.status == 2)
    #expect(result.stderr.contains("--step-ms"))
  }
}
