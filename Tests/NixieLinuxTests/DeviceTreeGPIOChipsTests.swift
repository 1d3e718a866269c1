import Foundation
import Testing

@testable import NixieLinux

/// A header chip whose label no alias names is found by its device-tree compatible, read from a
/// folder standing in for /sys.
struct DeviceTreeGPIOChipsTests {
  /// A folder standing in for /sys with `chips` (name, label, compatibles of its device) in
  /// `bus/gpio/devices`; `parent` puts the `of_node` on the chip's parent device instead.
  static func sysfs(_ chips: [(String, String, [String])], parent: Bool = false) throws -> String {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("nixie-sysfs-\(UUID().uuidString)")
    let bus = root.appendingPathComponent("bus/gpio/devices")
    try FileManager.default.createDirectory(at: bus, withIntermediateDirectories: true)
    for (name, label, compatibles) in chips {
      let device = root.appendingPathComponent("devices/platform/soc/\(name)-device")
      let chip = device.appendingPathComponent(name)
      let node = (parent ? device : chip).appendingPathComponent("of_node")
      try FileManager.default.createDirectory(at: chip, withIntermediateDirectories: true)
      try FileManager.default.createDirectory(at: node, withIntermediateDirectories: true)
      try Data((label + "\n").utf8).write(to: chip.appendingPathComponent("label"))
      try Data(compatibles.map { $0 + "\0" }.joined().utf8).write(to: node.appendingPathComponent("compatible"))
      try FileManager.default.createSymbolicLink(
        atPath: bus.appendingPathComponent(name).path, withDestinationPath: chip.path)
    }
    return root.path
  }

  /// A Pi 5 on a 6.12 build: gpiochip11 to 15, no gpiochip0, the RP1's chip labelled neither
  /// `pinctrl-rp1` nor anything else `raspberry-pi` names.
  static let pi5Kernel612: [(String, String, [String])] = [
    ("gpiochip11", "gpio-brcmstb@107d508500", ["brcm,bcm2712-gpio", "brcm,brcmstb-gpio"]),
    ("gpiochip12", "gpio-brcmstb@107d508520", ["brcm,bcm2712-gpio", "brcm,brcmstb-gpio"]),
    ("gpiochip13", "gpio-brcmstb@107d517c00", ["brcm,bcm2712-gpio", "brcm,brcmstb-gpio"]),
    ("gpiochip14", "rp1-gpio-header", ["raspberrypi,rp1-gpio"]),
    ("gpiochip15", "gpio-brcmstb@107d517c20", ["brcm,bcm2712-gpio", "brcm,brcmstb-gpio"]),
  ]

  @Test func aPi5On612FindsTheRP1ChipByCompatible() throws {
    let sysfs = try Self.sysfs(Self.pi5Kernel612)
    #expect(ChipReference("raspberry-pi").compatibleDevicePath(sysfs: sysfs) == "/dev/gpiochip14")
    #expect(ChipReference("pinctrl-rp1").compatibleDevicePath(sysfs: sysfs) == "/dev/gpiochip14")
  }

  @Test(arguments: [
    ("brcm,bcm2711-gpio", "pinctrl-bcm2711"),  // Pi 4 and 400
    ("brcm,bcm2835-gpio", "pinctrl-bcm2835"),  // Pi 3, Zero 2 W
  ])
  func earlierPisAreFoundByTheirCompatible(_ compatible: String, _ label: String) throws {
    let sysfs = try Self.sysfs([
      ("gpiochip0", "some-other-label", [compatible]),
      ("gpiochip1", "raspberrypi-exp-gpio", ["raspberrypi,firmware-gpio"]),
    ])
    #expect(ChipReference("raspberry-pi").compatibleDevicePath(sysfs: sysfs) == "/dev/gpiochip0")
    #expect(ChipReference(label).compatibleDevicePath(sysfs: sysfs) == "/dev/gpiochip0")
  }

  @Test func theOfNodeMayBeOnTheChipsParentDevice() throws {
    let sysfs = try Self.sysfs([("gpiochip4", "x", ["brcm,bcm2711-gpio"])], parent: true)
    #expect(ChipReference("raspberry-pi").compatibleDevicePath(sysfs: sysfs) == "/dev/gpiochip4")
  }

  @Test func theEarliestCompatibleWinsThenTheLowestNumber() throws {
    let sysfs = try Self.sysfs([
      ("gpiochip2", "a", ["brcm,bcm2835-gpio"]),
      ("gpiochip10", "b", ["raspberrypi,rp1-gpio"]),
      ("gpiochip9", "c", ["raspberrypi,rp1-gpio"]),
    ])
    #expect(ChipReference("raspberry-pi").compatibleDevicePath(sysfs: sysfs) == "/dev/gpiochip9")
  }

  @Test func noCompatibleChipIsNone() throws {
    let sysfs = try Self.sysfs([("gpiochip0", "nixie-sim", ["gpio-sim"])])
    #expect(ChipReference("raspberry-pi").compatibleDevicePath(sysfs: sysfs) == nil)
    // A label with no compatible, a name and a path are never looked for by compatible.
    #expect(ChipReference("gpio-sim").compatibleDevicePath(sysfs: sysfs) == nil)
    #expect(ChipReference("gpiochip0").compatibleDevicePath(sysfs: sysfs) == nil)
    #expect(ChipReference("raspberry-pi").compatibleDevicePath(sysfs: sysfs + "/missing") == nil)
  }
}
