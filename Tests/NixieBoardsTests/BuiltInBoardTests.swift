import Foundation
import NixieBoardModel
import NixieBoards
import Testing

/// The shipped profiles are docs/HARDWARE.md's reference boards, exactly, and every file in
/// `Hardware/boards` is compiled in.
struct BuiltInBoardTests {
  static let boardsFolder = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Hardware/boards")

  @Test func everyProfileFileIsBuiltInUnchanged() throws {
    let files = try FileManager.default.contentsOfDirectory(atPath: Self.boardsFolder.path)
      .filter { $0.hasSuffix(".yaml") }.sorted()
    #expect(files == BoardCatalog.builtIn.map { $0.name + ".yaml" }.sorted())
    for (name, yaml) in BoardCatalog.builtIn {
      let file = try String(
        contentsOf: Self.boardsFolder.appendingPathComponent(name + ".yaml"), encoding: .utf8)
      #expect(file == yaml, "\(name) differs from its file: rebuild")
      #expect(try BoardCatalog.parse(yaml, file: name).name == name)
    }
  }

  /// Each vendor's firmware plays tunes with Arduino's square wave (the Tone library), so
  /// every built-in buzzer is passive, and says so rather than leaning on the default.
  @Test func everyBuiltInBuzzerIsDeclaredPassive() throws {
    var buzzers = 0
    for (name, yaml) in BoardCatalog.builtIn {
      guard let buzzer = try BoardCatalog.parse(yaml, file: name).buzzer else { continue }
      buzzers += 1
      #expect(buzzer.kind == .passive, "\(name)")
      #expect(yaml.contains("  kind: passive\n"), "\(name) leans on the default")
    }
    #expect(buzzers == 6)
  }

  @Test func aBuzzerKindIsReadAndDefaultsToPassive() throws {
    let base = try BoardCatalog.builtInYAML(named: "ncs314")
    let active = base.replacingOccurrences(of: "  kind: passive\n", with: "  kind: active\n")
    #expect(try BoardCatalog.parse(active, file: "a.yaml").buzzer?.kind == .active)
    let plain = base.replacingOccurrences(of: "  kind: passive\n", with: "")
    #expect(try BoardCatalog.parse(plain, file: "p.yaml").buzzer?.kind == .passive)
    #expect(try BoardCatalog.parse(base, file: "b.yaml").buzzer?.pwm == nil)
    let pwm = base.replacingOccurrences(
      of: "  kind: passive\n", with: "  kind: passive\n  pwm: {chip: 0, channel: 1}\n")
    #expect(try BoardCatalog.parse(pwm, file: "w.yaml").buzzer?.pwm == BuzzerPWM(chip: 0, channel: 1))
  }

  @Test func referenceBoardOneHasHardwareMdsPinMap() throws {
    let board = try BoardCatalog.load(.builtIn("hv5622-6xin14"))
    #expect(board.chip.name == "HV5622")
    #expect(board.chipCount == 2)
    #expect(board.outputs.outputCount == 64)
    #expect(
      board.layout.positions.map(\.model.name) == [
        "IN-14", "IN-14", "INS-1", "IN-14", "IN-14", "INS-1", "IN-14", "IN-14",
      ])
    let tubeStarts = [0: 0, 1: 10, 3: 22, 4: 32, 6: 44, 7: 54]
    for (position, start) in tubeStarts {
      let model = board.layout.positions[position].model
      for (offset, digit) in [1, 2, 3, 4, 5, 6, 7, 8, 9, 0].enumerated() {
        #expect(board.outputs.positions[position].direct[model.index(of: .digit(digit))!] == start + offset)
      }
      #expect(board.outputs.positions[position].direct[model.index(of: .leftDecimalPoint)!] == nil)
      #expect(board.outputs.positions[position].direct[model.index(of: .rightDecimalPoint)!] == nil)
    }
    #expect(board.outputs.positions[2].direct == [20, 21])
    #expect(board.outputs.positions[5].direct == [42, 43])
    #expect(board.invertedLines.isEmpty)
    #expect(board.gpio == GPIOWiring(chip: "raspberry-pi", lines: [.din: 10, .clk: 11, .le: 8, .bl: 25]))
    #expect(
      board.encoder
        == EncoderWiring(
          chip: "raspberry-pi", a: 17, b: 27, pushSwitch: 22, activeLow: true, reverse: false,
          detentsPerCycle: 1, pullUp: true))
  }

  @Test func referenceBoardTwoHasHardwareMdsPinMap() throws {
    let board = try BoardCatalog.load(.builtIn("mcp23017-4xin12"))
    #expect(board.chip.name == "MCP23017")
    #expect(board.i2c == I2CWiring(bus: "/dev/i2c-1", addresses: [0x20]))
    #expect(board.layout.positions.map(\.model.name) == ["IN-12A", "IN-12A", "IN-12A", "IN-12A"])
    let bits = [[0, 1, 2, 3], [4, 5, 6, 7], [8, 9, 10, 11], [12, 13, 14, 15]]
    for (position, outputs) in bits.enumerated() {
      let bcd = try #require(board.outputs.positions[position].bcd)
      #expect(bcd.outputs == outputs)
      #expect(bcd.blank == 15)
      #expect(bcd.codes == (0...9).map { Optional($0) })
    }
    #expect(board.gpio == nil)
  }
}
