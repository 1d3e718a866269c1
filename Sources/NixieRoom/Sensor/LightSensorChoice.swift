/// Which light sensor `brightness: auto` reads (nixie.yaml's `sensor`): the first IIO device
/// with an illuminance channel, one by its driver's name (`bh1750`, `tsl2563`), one by its
/// device (`iio:device0`), or a directory of IIO files anywhere (`/run/nixie-light`: how the
/// simulator and tests are given a light level they control).
public enum LightSensorChoice: Hashable, Sendable, CustomStringConvertible {
  case first
  case named(String)
  case device(String)
  case directory(String)

  /// `sensor:` as written: an absolute path is a directory, `iio:deviceN` a device, anything
  /// else a driver's name; nil or empty: the first.
  public init(_ text: String?) {
    guard let text, !text.isEmpty else {
      self = .first
      return
    }
    if text.hasPrefix("/") {
      self = .directory(text)
    } else if text.hasPrefix("iio:device"), text.count > 10, text.dropFirst(10).allSatisfy(\.isASCIIDigit) {
      self = .device(text)
    } else {
      self = .named(text)
    }
  }

  /// As `sensor:` writes it; empty for the first.
  public var text: String {
    switch self {
    case .first: ""
    case .named(let name): name
    case .device(let device): device
    case .directory(let path): path
    }
  }

  public var description: String {
    switch self {
    case .first: "the first IIO light sensor"
    case .named(let name): "the IIO light sensor named \(name)"
    case .device(let device): device
    case .directory(let path): path
    }
  }
}

extension Character {
  /// 0 to 9, and nothing else (`isNumber` also takes other scripts' digits and fractions).
  var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
