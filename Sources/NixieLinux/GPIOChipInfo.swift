/// A gpiochip as it is, read without requesting a line: its name, its label, its lines and
/// what the kernel says about each (who holds it). What `nixie doctor` reads of a chip.
public protocol GPIOChipInfo: AnyObject {
  /// The kernel's name for it, e.g. `gpiochip0`.
  var name: String { get }
  /// The driver's label, e.g. `pinctrl-bcm2711`.
  var label: String { get }
  /// Lines 0 ..< lineCount exist.
  var lineCount: UInt32 { get }
  /// What the kernel says about line `offset` now.
  func lineInfo(_ offset: UInt32) throws(HardwareError) -> GPIOLineInfo
}

/// The libgpiod this build is made for, as `nixie doctor` asks it: its version, the major
/// version of its API, and a chip opened to be read.
public enum Libgpiod {
  /// The library's version, e.g. `1.6.3`.
  public static var version: String { SystemGPIO.version }
  /// 1 or 2: the API this build is compiled against.
  public static var apiMajor: Int { SystemGPIO.apiMajor }

  /// The chip `reference` names (a path, a name, a label or an alias: `ChipReference`),
  /// opened to be read; a chip that is not there or may not be opened says why.
  public static func openChip(_ reference: String) throws(HardwareError) -> any GPIOChipInfo {
    try SystemGPIO.openChip(reference)
  }
}
