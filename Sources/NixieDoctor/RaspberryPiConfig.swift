import NixieBoardModel

/// The Raspberry Pi firmware's settings (`/boot/firmware/config.txt`), read for whether they turn
/// the SPI and I2C buses on, as `raspi-config` and the Pi's documentation write them:
/// `dtparam=spi=on`, `dtparam=i2c_arm=on` (several `name=value`s may share a `dtparam=` line,
/// a bare name means on, the last setting wins) or an overlay that adds a bus (`dtoverlay=spi1-3cs`).
///
/// Conditional sections (`[pi4]`, `[cm5]`, …) are read as if they applied: the doctor does not
/// know the model, and raspi-config writes its lines outside them.
struct RaspberryPiConfig: Hashable, Sendable {
  /// A bus the firmware can turn on, and what turns it on.
  struct Bus: Hashable, Sendable {
    /// `SPI` or `I2C`, for messages.
    var name: String
    /// The `dtparam` names that switch it.
    var parameters: Set<String>
    /// Overlays whose names start with this add such a bus.
    var overlayPrefix: String
    /// The line the documentation gives.
    var line: String
    /// The command that writes that line (and, for I2C, loads i2c-dev at boot).
    var command: String

    static let spi = Bus(
      name: "SPI", parameters: ["spi"], overlayPrefix: "spi", line: "dtparam=spi=on",
      command: "sudo raspi-config nonint do_spi 0")
    /// SPI0 alone, whose pins are the header's BCM 7–11 (SPI1's overlays do not count).
    static let spi0 = Bus(
      name: "SPI0", parameters: ["spi"], overlayPrefix: "spi0", line: "dtparam=spi=on",
      command: "sudo raspi-config nonint do_spi 1")
    static let i2c = Bus(
      name: "I2C", parameters: ["i2c_arm", "i2c"], overlayPrefix: "i2c", line: "dtparam=i2c_arm=on",
      command: "sudo raspi-config nonint do_i2c 0")
  }

  /// Where the firmware reads it: Raspberry Pi OS Bookworm and later, then earlier releases.
  static let paths = ["/boot/firmware/config.txt", "/boot/config.txt"]

  /// The values the firmware takes for on; anything else is off.
  static let onValues: Set<String> = ["on", "true", "yes", "okay", "1"]

  let path: String
  let text: String

  /// The line that turns `bus` on, or nil when none does or a later line turns it off again.
  func enablingLine(_ bus: Bus) -> String? {
    var enabling: String?
    for rawLine in text.split(omittingEmptySubsequences: true, whereSeparator: \.isNewline) {
      let line = rawLine.prefix { $0 != "#" }.trimmingWhitespace
      guard let equals = line.firstIndex(of: "=") else { continue }
      let key = line[..<equals].trimmingWhitespace
      let value = line[line.index(after: equals)...].trimmingWhitespace
      switch key {
      case "dtparam":
        for setting in value.split(separator: ",") {
          let parts = setting.split(separator: "=", maxSplits: 1).map(\.trimmingWhitespace)
          guard let name = parts.first, bus.parameters.contains(name) else { continue }
          let isOn = parts.count == 1 || Self.onValues.contains(parts[1].lowercased())
          enabling = isOn ? line : nil
        }
      case "dtoverlay":
        let overlay = value.prefix { $0 != "," }.trimmingWhitespace
        if overlay.hasPrefix(bus.overlayPrefix) { enabling = line }
      default:
        continue
      }
    }
    return enabling
  }
}

extension RaspberryPiConfig {
  /// The line that loads the kernel's driver for one of `chips` (`dtoverlay=i2c-rtc,ds3231`),
  /// or nil when none does.
  func rtcOverlayLine(for chips: [RTCChip]) -> String? {
    overlayLine("i2c-rtc", naming: Set(chips.map(\.rawValue)))
  }

  /// The last `dtoverlay=OVERLAY,…` line whose parameters name one of `parameters` (any case),
  /// comments left out; nil when there is none.
  func overlayLine(_ overlay: String, naming parameters: Set<String>) -> String? {
    var found: String?
    for rawLine in text.split(omittingEmptySubsequences: true, whereSeparator: \.isNewline) {
      let line = rawLine.prefix { $0 != "#" }.trimmingWhitespace
      guard let equals = line.firstIndex(of: "="), line[..<equals].trimmingWhitespace == "dtoverlay" else {
        continue
      }
      let parts = line[line.index(after: equals)...].split(separator: ",").map(\.trimmingWhitespace)
      guard parts.first == overlay else { continue }
      if parts.dropFirst().contains(where: { parameters.contains($0.lowercased()) }) { found = line }
    }
    return found
  }
}

extension RaspberryPiConfig {
  /// A light sensor the Raspberry Pi's `i2c-sensor` overlay adds and the kernel reads as an
  /// IIO illuminance channel (the overlay's other light parts — VEML6070, VEML6075, VEML6040,
  /// TCS3472, AS73211 — report UV or colour intensities, not lux).
  struct LightSensorOverlay: Hashable, Sendable {
    /// The overlay parameter and the driver's IIO `name`.
    var model: String
    var part: String
    /// Its I2C address (the overlay's default).
    var address: UInt8

    /// `dtoverlay=i2c-sensor,bh1750`.
    var line: String { "dtoverlay=i2c-sensor,\(model)" }
  }

  /// The overlay's light sensors (boot/overlays/README, `i2c-sensor`).
  static let lightSensorOverlays = [
    LightSensorOverlay(model: "bh1750", part: "BH1750", address: 0x23),
    LightSensorOverlay(model: "tsl4531", part: "TSL4531", address: 0x29),
  ]

  /// The `dtoverlay=i2c-sensor,…` line that adds one of `lightSensorOverlays`, or nil.
  func lightSensorOverlayLine() -> String? {
    overlayLine("i2c-sensor", naming: Set(Self.lightSensorOverlays.map(\.model)))
  }
}

extension StringProtocol {
  /// Without spaces and tabs at either end.
  fileprivate var trimmingWhitespace: String {
    let isBlank: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" }
    guard let first = firstIndex(where: { !isBlank($0) }), let last = lastIndex(where: { !isBlank($0) })
    else { return "" }
    return String(self[first...last])
  }
}
