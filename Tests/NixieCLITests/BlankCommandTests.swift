import Foundation
import NixieWireDecoders
import Testing

/// `nixie blank` through the command line (issue 34): on the simulator its trace, decoded,
/// ends with the tubes dark and the high voltage and backlight off; a configuration without a
/// board has nothing to blank (the unit's `ExecStopPost=` on a fresh install); the hardware's
/// errors are every board command's.
struct BlankCommandTests {
  /// Runs `nixie blank` with `arguments` and `--trace`; the result and the trace's text (nil
  /// when nothing was traced).
  static func blank(_ arguments: [String]) throws -> (result: NixieProcess.Result, vcd: String?) {
    let trace = try NixieProcess.temporaryFolder().appendingPathComponent("blank.vcd")
    let result = try NixieProcess.run(["blank"] + arguments + ["--trace", trace.path])
    return (result, try? String(contentsOf: trace, encoding: .utf8))
  }

  /// Omnixie's NTDB: OE (active low) high, the outputs off; ON/OFF (`hven`), the supply, low
  /// at the end — after the driver's bring-up switched it on, so the job switched it off.
  @Test func theOmnixieEndsDarkWithItsSupplyOff() throws {
    let (result, vcd) = try Self.blank(["--board", "omnixie-ntdb", "--backend", "sim"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.isEmpty && result.stderr.isEmpty, "\(result.stdout)\(result.stderr)")
    let trace = try LogicTrace(vcd: try #require(vcd))
    let supply = try trace.wire(WireNames.hvEnable)
    #expect(trace.changes.contains { $0.wire == supply && $0.level == true }, "the supply never went on")
    #expect(trace.level(of: supply, at: trace.endTime) == false)
    #expect(trace.level(of: try trace.wire(WireNames.oe), at: trace.endTime) == true)
    let frames = try OmnixieProtocol.frames(in: trace)
    #expect(frames.allSatisfy { ($0.frame.bytesLSBFirst ?? []).allSatisfy { $0 == 0 } }, "a frame was lit")
  }

  /// The NCS314's RGB backlight (PWM lines, active high) ends dark with the tubes.
  @Test func theBacklightEndsDark() throws {
    let (result, vcd) = try Self.blank(["--board", "ncs314", "--backend", "sim"])
    #expect(result.status == 0, "\(result.stderr)")
    let trace = try LogicTrace(vcd: try #require(vcd))
    for colour in [WireNames.red, WireNames.green, WireNames.blue] {
      #expect(trace.level(of: try trace.wire(colour), at: trace.endTime) == false, "\(colour)")
    }
  }

  /// The board the configuration's `board:` chooses, on the backend its `backend:` says.
  @Test func theConfigurationsBoardIsBlanked() throws {
    let config = try NixieProcess.temporaryFolder().appendingPathComponent("nixie.yaml")
    try "board: omnixie-ntdb\nbackend: sim\n".write(to: config, atomically: true, encoding: .utf8)
    let (result, vcd) = try Self.blank(["--config", config.path])
    #expect(result.status == 0, "\(result.stderr)")
    let trace = try LogicTrace(vcd: try #require(vcd))
    #expect(trace.level(of: try trace.wire(WireNames.hvEnable), at: trace.endTime) == false)
  }

  /// A fresh install's nixie.yaml chooses no board: nothing is opened (no trace is even
  /// started), nothing said, exit 0 — the unit's stop does not fail for it.
  @Test func aConfigurationWithoutABoardHasNothingToBlank() throws {
    let config = try NixieProcess.temporaryFolder().appendingPathComponent("nixie.yaml")
    try "# board: hv5622-6xin14\ntimezone: UTC\n".write(to: config, atomically: true, encoding: .utf8)
    let (result, vcd) = try Self.blank(["--config", config.path])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.isEmpty && result.stderr.isEmpty, "\(result.stdout)\(result.stderr)")
    #expect(vcd == nil)
  }

  /// A mistake in the configuration is bad configuration (65) at its place, as for the clock.
  @Test func aBadConfigurationIs65() throws {
    let config = try NixieProcess.temporaryFolder().appendingPathComponent("nixie.yaml")
    try "board: no-such-board\n".write(to: config, atomically: true, encoding: .utf8)
    let (result, _) = try Self.blank(["--config", config.path])
    #expect(result.status == 65, "\(result.stderr)")
    #expect(result.stderr.contains("nixie.yaml:1:8: board 'no-such-board'"), "\(result.stderr)")
  }

  @Test(.enabled(if: !FileManager.default.fileExists(atPath: "/dev/gpiochip0"), "this machine has GPIO"))
  func theHardwareWithoutAGPIOChipExits69SayingWhatToDo() throws {
    let result = try NixieProcess.run(["blank", "--board", "hv5622-6xin14", "--backend", "hardware"])
    #expect(result.status == 69)
    #expect(result.stderr.hasPrefix(NixieProcess.noHeaderChip), "\(result.stderr)")
  }
}
