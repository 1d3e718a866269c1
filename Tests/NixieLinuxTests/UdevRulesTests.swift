import Foundation
import Testing

/// The shipped udev rules give each device family to its group with mode 0660.
struct UdevRulesTests {
  static let file = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("udev/60-nixie.rules")

  /// Each rule line as its `KEY=="value"` and `KEY="value"` pairs.
  static func rules() throws -> [[String: String]] {
    try String(contentsOf: file, encoding: .utf8).split(separator: "\n")
      .filter { !$0.hasPrefix("#") && !$0.trimmingCharacters(in: .whitespaces).isEmpty }
      .map { line in
        Dictionary(
          uniqueKeysWithValues: line.split(separator: ",").map { part in
            let pair = part.trimmingCharacters(in: .whitespaces).split(separator: "=", maxSplits: 1)
            return (String(pair[0]), pair[1].trimmingCharacters(in: CharacterSet(charactersIn: "=\"")))
          })
      }
  }

  @Test func gpioI2CAndSPIGoToTheirGroupsReadableAndWritableByThem() throws {
    let rules = try Self.rules()
    #expect(rules.count == 3)
    let expected = [
      ("gpio", "gpiochip*", "gpio"), ("i2c-dev", "i2c-[0-9]*", "i2c"), ("spidev", "spidev*", "spi"),
    ]
    for (subsystem, kernel, group) in expected {
      let rule = try #require(rules.first { $0["SUBSYSTEM"] == subsystem }, "\(subsystem)")
      #expect(rule["KERNEL"] == kernel)
      #expect(rule["GROUP"] == group)
      #expect(rule["MODE"] == "0660")
    }
  }
}
