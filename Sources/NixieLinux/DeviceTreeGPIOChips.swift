import NixieSystem

/// The gpiochips sysfs lists (`bus/gpio/devices/gpiochipN`) with the device-tree `compatible`
/// strings of their device: how a chip is found when no chip has the label looked for (the
/// Pi 5's header chip has been renumbered, and relabelled, from one kernel to the next; its
/// driver's compatible, `raspberrypi,rp1-gpio`, stays).
struct DeviceTreeGPIOChips {
  /// Where sysfs is: `/sys`, or a test's folder standing in for it.
  var sysfs = "/sys"

  /// The device node (`/dev/gpiochip11`) of the first chip, in number order, compatible with
  /// the earliest of `compatibles` that some chip is; nil when none is.
  func devicePath(compatibleWith compatibles: [String]) -> String? {
    guard !compatibles.isEmpty else { return nil }
    let chips = chipNames().map { (name: $0, compatibles: self.compatibles(of: $0)) }
    for compatible in compatibles {
      if let chip = chips.first(where: { $0.compatibles.contains(compatible) }) { return "/dev/" + chip.name }
    }
    return nil
  }

  /// The `gpiochipN` entries of `bus/gpio/devices`, in number order.
  func chipNames() -> [String] {
    Directory.names(in: devices)
      .compactMap { name in Int(name.dropFirst(Self.prefix.count)).map { (name, $0) } }
      .filter { $0.0.hasPrefix(Self.prefix) }
      .sorted { $0.1 < $1.1 }
      .map(\.0)
  }

  /// The chip's compatible strings (NUL-separated in sysfs), from its own `of_node` or, when it
  /// has none, its parent device's; empty when neither is there (no device tree).
  func compatibles(of chip: String) -> [String] {
    for node in ["of_node", "../of_node"] {
      if let text = try? TextFile.read("\(devices)/\(chip)/\(node)/compatible", limit: 4096) {
        return text.split(separator: "\0").map(String.init)
      }
    }
    return []
  }

  private static let prefix = "gpiochip"
  private var devices: String { sysfs + "/bus/gpio/devices" }
}
