import NixieText

/// A light sensor as the kernel's Industrial I/O subsystem shows it
/// (`Documentation/ABI/testing/sysfs-bus-iio`): a directory, `/sys/bus/iio/devices/iio:deviceN`,
/// holding the driver's `name` and an illuminance channel, whose reading in lux is
/// `in_illuminance_input` (the driver did the sums: tsl2563, tsl2583, ltr501), or
/// (`in_illuminance_raw` + `in_illuminance_offset`) × `in_illuminance_scale` (bh1750,
/// tsl4531, veml6030), the offset 0 and the scale 1 where the driver has none. Drivers that
/// number their channels write `in_illuminance0_input` and so on; a scale or offset without
/// the number is shared by every illuminance channel. Any sensor the kernel has a driver for
/// is read the same way.
public struct IIOLightSensor: Hashable, Sendable, CustomStringConvertible {
  /// The file the reading comes from.
  public enum Channel: Hashable, Sendable {
    /// Lux as the driver computed it.
    case input(String)
    /// A raw count, with the scale and offset files that make it lux (nil: 1 and 0).
    case raw(String, scale: String?, offset: String?)
  }

  /// The device's directory.
  public let directory: String
  /// The driver's name for it (`name`), when it has one.
  public let name: String?
  public let channel: Channel

  /// Where the kernel lists IIO devices.
  public static let devices = "/sys/bus/iio/devices"

  public init(directory: String, name: String?, channel: Channel) {
    self.directory = directory
    self.name = name
    self.channel = channel
  }

  /// `tsl2563 (iio:device0)`, or the directory for one elsewhere.
  public var description: String {
    let place =
      directory.hasPrefix(Self.devices + "/")
      ? String(directory.dropFirst(Self.devices.count + 1)) : directory
    let shown = Printable.escaped(place)
    return name.map { "\(Printable.escaped($0)) (\(shown))" } ?? shown
  }

  /// The file names of the channel `read` reads, first the reading's.
  public var files: [String] {
    switch channel {
    case .input(let file): [file]
    case .raw(let file, let scale, let offset): [file] + [scale, offset].compactMap { $0 }
    }
  }

  /// The illuminance channel among a device's file `names`: a processed reading before a raw
  /// one, the unnumbered before the lowest number; nil when there is none.
  public static func channel(in names: [String]) -> Channel? {
    let present = Set(names)
    // Unnumbered first, then by number: "" < "0" < "1" < … < "10".
    let numbers = names.compactMap(Self.channelNumber).sorted { ($0.count, $0) < ($1.count, $1) }
    var seen = Set<String>()
    let ordered = numbers.filter { seen.insert($0).inserted }
    for number in ordered where present.contains("in_illuminance\(number)_input") {
      return .input("in_illuminance\(number)_input")
    }
    for number in ordered where present.contains("in_illuminance\(number)_raw") {
      func shared(_ suffix: String) -> String? {
        [number, ""].map { "in_illuminance\($0)_\(suffix)" }.first(where: present.contains)
      }
      return .raw("in_illuminance\(number)_raw", scale: shared("scale"), offset: shared("offset"))
    }
    return nil
  }

  /// The number in `in_illuminance<N>_input` or `_raw` (empty when there is none); nil for
  /// other names (`in_illuminance_ir_raw`, `in_illuminance_both_raw` are other channels).
  private static func channelNumber(_ name: String) -> String? {
    let prefix = "in_illuminance"
    guard name.hasPrefix(prefix) else { return nil }
    let rest = name.dropFirst(prefix.count)
    for suffix in ["_input", "_raw"] where rest.hasSuffix(suffix) {
      let number = rest.dropLast(suffix.count)
      if number.allSatisfy(\.isASCIIDigit) { return String(number) }
    }
    return nil
  }

  /// The sensor in `directory`, or nil when it has no illuminance channel (or no directory).
  public static func at(_ directory: String, files: SensorFiles) -> IIOLightSensor? {
    guard let names = files.names(in: directory), let channel = channel(in: names) else { return nil }
    let name = names.contains("name") ? (try? files.read(directory + "/name").get()).map(trimmed) : nil
    return IIOLightSensor(
      directory: directory, name: name.flatMap { $0.isEmpty ? nil : $0 }, channel: channel)
  }

  /// Every IIO device with an illuminance channel, by device number.
  public static func all(files: SensorFiles) -> [IIOLightSensor] {
    let names = (files.names(in: devices) ?? []).filter { $0.hasPrefix("iio:device") }
    let numbered = names.map { name in (Int(name.dropFirst(10)) ?? Int.max, name) }.sorted { $0 < $1 }
    return numbered.compactMap { at(devices + "/" + $0.1, files: files) }
  }

  /// The sensor `choice` names, or why there is none, in words for the log.
  public static func find(_ choice: LightSensorChoice, files: SensorFiles) -> Result<
    IIOLightSensor, SensorFileError
  > {
    let noChannel = "has no illuminance channel (in_illuminance_input or in_illuminance_raw)"
    switch choice {
    case .directory(let path):
      guard files.names(in: path) != nil else {
        return .failure(SensorFileError("\(path): no such directory"))
      }
      return at(path, files: files).map { .success($0) } ?? .failure(SensorFileError("\(path) \(noChannel)"))
    case .device(let device):
      let path = devices + "/" + device
      guard files.names(in: path) != nil else {
        return .failure(SensorFileError("there is no \(device) (\(path))\(present(files))"))
      }
      return at(path, files: files).map { .success($0) }
        ?? .failure(SensorFileError("\(device) \(noChannel)"))
    case .named(let name):
      if let sensor = all(files: files).first(where: { $0.name == name }) { return .success(sensor) }
      return .failure(SensorFileError("no IIO light sensor is named \(name)\(present(files))"))
    case .first:
      if let sensor = all(files: files).first { return .success(sensor) }
      return .failure(
        SensorFileError("no IIO light sensor (no device in \(devices) has an illuminance channel)"))
    }
  }

  /// `: there is tsl2563 (iio:device0)`, naming the light sensors there are; empty when none.
  private static func present(_ files: SensorFiles) -> String {
    let sensors = all(files: files).map(\.description)
    guard !sensors.isEmpty else { return " and no other IIO light sensor" }
    return sensors.count == 1 ? "; there is \(sensors[0])" : "; there are " + sensors.joined(separator: ", ")
  }

  /// One reading: lux, or why there is none.
  public func read(files: SensorFiles) -> AutoBrightness.Reading {
    let result: Result<Double, SensorFileError>
    switch channel {
    case .input(let file):
      result = number(file, files: files)
    case .raw(let file, let scale, let offset):
      result = number(file, files: files).flatMap { raw in
        (offset.map { number($0, files: files) } ?? .success(0)).flatMap { shift in
          (scale.map { number($0, files: files) } ?? .success(1)).map { factor in (raw + shift) * factor }
        }
      }
    }
    switch result {
    case .success(let lux): return .lux(lux)
    case .failure(let error): return .failed(error.description)
    }
  }

  /// The number in `file`, or why there is none.
  private func number(_ file: String, files: SensorFiles) -> Result<Double, SensorFileError> {
    let path = directory + "/" + file
    return files.read(path).flatMap { text in
      let value = Self.trimmed(text)
      guard let number = Self.parse(value) else {
        return .failure(
          SensorFileError("\(path) holds '\(Printable.escaped(String(value.prefix(32))))', not a number"))
      }
      return .success(number)
    }
  }

  /// A decimal as sysfs writes one (`42`, `-0.5`, `0.250000`, `1e-3`); nil for anything else.
  static func parse(_ text: String) -> Double? {
    guard !text.isEmpty, text.utf8.count <= 64,
      text.unicodeScalars.allSatisfy({ "0123456789.-+eE".unicodeScalars.contains($0) })
    else { return nil }
    return Double(text)
  }

  private static func trimmed(_ text: String) -> String {
    let isBlank: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
    guard let first = text.firstIndex(where: { !isBlank($0) }),
      let last = text.lastIndex(where: { !isBlank($0) })
    else { return "" }
    return String(text[first...last])
  }
}
