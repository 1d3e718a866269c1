import NixieBoardModel
import NixieSystem
import NixieText

/// How a board profile names its gpiochip (`gpio.chip`): by device path, by name, or by label.
///
/// A path starts with `/`; a name starts with `gpiochip` or is a node in `/dev`; an alias
/// (`raspberry-pi`) stands for several labels; anything else is the label the kernel driver
/// gives the chip (`pinctrl-bcm2711`, gpio-sim's own label).
public enum ChipReference: Hashable, Sendable {
  case path(String)
  case name(String)
  /// The chip with the first of these labels that some chip has.
  case labels([String])

  /// Names for a chip that has a different label on different machines, with its labels in the
  /// order they are looked for: `raspberry-pi` is the 40-pin header's chip on every Raspberry Pi
  /// (Pi 5: pinctrl-rp1, Pi 4 and 400: pinctrl-bcm2711, earlier models and the Zero 2 W:
  /// pinctrl-bcm2835), whatever its number.
  static let aliases: [String: [String]] = [GPIOWiring.raspberryPiHeader: raspberryPiHeaderLabels]

  /// The labels of the 40-pin header's chip on the Raspberry Pis, newest first.
  public static let raspberryPiHeaderLabels = ["pinctrl-rp1", "pinctrl-bcm2711", "pinctrl-bcm2835"]

  /// The device-tree `compatible` of the chip that has each label: a chip is found by it when
  /// no chip has any of the labels (`DeviceTreeGPIOChips`), whatever its number and label.
  static let compatibleOfLabel: [String: String] = [
    "pinctrl-rp1": "raspberrypi,rp1-gpio",
    "pinctrl-bcm2711": "brcm,bcm2711-gpio",
    "pinctrl-bcm2835": "brcm,bcm2835-gpio",
  ]

  public init(_ reference: String) {
    if let labels = Self.aliases[reference] {
      self = .labels(labels)
    } else if reference.hasPrefix("/") {
      self = .path(reference)
    } else if reference.hasPrefix("gpiochip") || FileSystem.exists("/dev/" + reference) {
      self = .name(reference)
    } else {
      self = .labels([reference])
    }
  }

  /// The device node, for a path or a name.
  public var devicePath: String? {
    switch self {
    case .path(let path): path
    case .name(let name): "/dev/" + name
    case .labels: nil
    }
  }

  /// The labels looked for, in order; none for a path or a name.
  public var labels: [String] {
    if case .labels(let labels) = self { labels } else { [] }
  }

  /// The compatibles looked for, in order, when no chip has any of the labels.
  public var compatibles: [String] {
    labels.compactMap { Self.compatibleOfLabel[$0] }
  }

  /// What the error says when no chip has any of them (nor any of the compatibles).
  public var notFoundDetail: String {
    let named = "no chip is called or labelled " + labels.map { "\"\($0)\"" }.joined(separator: " or ")
    guard !compatibles.isEmpty else { return named }
    return named + ", nor is compatible with "
      + compatibles.map { Printable.quoted($0, mark: "\"") }.joined(separator: " or ")
  }

  /// The device node of the chip found by compatible in `sysfs` (a folder in tests), for labels
  /// no chip has; nil for a path or a name, or when no chip is compatible.
  func compatibleDevicePath(sysfs: String = "/sys") -> String? {
    DeviceTreeGPIOChips(sysfs: sysfs).devicePath(compatibleWith: compatibles)
  }
}
