import Glibc

/// How a board profile names its gpiochip (`gpio.chip`): by device path, by name, or by label.
///
/// A path starts with `/`; a name starts with `gpiochip` or is a node in `/dev`; anything else
/// is the label the kernel driver gives the chip (`pinctrl-bcm2711`, gpio-sim's own label).
enum ChipReference: Hashable {
  case path(String)
  case name(String)
  case label(String)

  init(_ reference: String) {
    if reference.hasPrefix("/") {
      self = .path(reference)
    } else if reference.hasPrefix("gpiochip") || access("/dev/" + reference, F_OK) == 0 {
      self = .name(reference)
    } else {
      self = .label(reference)
    }
  }

  /// The device node, for a path or a name.
  var devicePath: String? {
    switch self {
    case .path(let path): path
    case .name(let name): "/dev/" + name
    case .label: nil
    }
  }
}
