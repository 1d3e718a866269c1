import Foundation
import NixieBoardModel
import NixieLinux
import Testing

/// The buzzer's kernel PWM channel written as the sysfs ABI asks, on a folder laid out like
/// `/sys/class/pwm`: the period in nanoseconds, half of it as the duty cycle (after the duty
/// cycle went to 0, as the kernel refuses one longer than the period), enabled; silence
/// disables it.
struct SysfsPWMToneTests {
  static func channel() throws -> (root: URL, folder: URL) {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("nixie-pwm-\(UUID().uuidString)")
    let folder = root.appendingPathComponent("pwmchip2/pwm1")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    for name in ["period", "duty_cycle", "enable"] {
      try "0".write(to: folder.appendingPathComponent(name), atomically: false, encoding: .utf8)
    }
    return (root, folder)
  }

  static func read(_ folder: URL, _ name: String) throws -> String {
    try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
  }

  @Test func aNoteIsAPeriodAndHalfOfItThenSilenceDisables() throws {
    let (root, folder) = try Self.channel()
    let tone = try SysfsPWMTone(BuzzerPWM(chip: 2, channel: 1), root: root.path)
    #expect(try Self.read(folder, "enable") == "0")
    try tone.sound(hertz: 440)
    #expect(try Self.read(folder, "period") == "2272727")
    #expect(try Self.read(folder, "duty_cycle") == "1136363")
    #expect(try Self.read(folder, "enable") == "1")
    try tone.sound(hertz: nil)
    #expect(try Self.read(folder, "enable") == "0")
  }

  @Test func aMissingChipIsAnError() throws {
    let (root, _) = try Self.channel()
    #expect(throws: (any Error).self) {
      _ = try SysfsPWMTone(BuzzerPWM(chip: 7, channel: 0), root: root.path)
    }
  }
}
