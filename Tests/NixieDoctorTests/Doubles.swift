import NixieBoardModel
import NixieBoards
import NixieLinux

/// A gpiochip as the doctor reads it: its name, label and lines, and the lines someone else
/// holds with the consumer the kernel reports for them.
final class FakeChip: GPIOChipInfo {
  let name: String
  let label: String
  let lineCount: UInt32
  var held: [UInt32: String] = [:]

  init(name: String = "gpiochip0", label: String = "pinctrl-bcm2711", lineCount: UInt32 = 58) {
    self.name = name
    self.label = label
    self.lineCount = lineCount
  }

  func lineInfo(_ offset: UInt32) throws(HardwareError) -> GPIOLineInfo {
    GPIOLineInfo(
      offset: offset, name: "GPIO\(offset)", consumer: held[offset], isUsed: held[offset] != nil,
      isOutput: false)
  }
}

/// The built-in boards the doctor checks.
enum Boards {
  static func named(_ name: String) throws -> BoardProfile { try BoardCatalog.load(.builtIn(name)) }
}
