import NixieRoom
import Testing

/// A sysfs tree in memory: file paths and their text; a directory is any prefix of a path.
/// A file whose text is nil fails to read (a device that stopped answering).
struct MemoryFiles: SensorFiles {
  var files: [String: String?]

  func names(in directory: String) -> [String]? {
    let prefix = directory + "/"
    let names = Set(
      files.keys.filter { $0.hasPrefix(prefix) }.map { $0.dropFirst(prefix.count) }.map {
        String($0.prefix { $0 != "/" })
      })
    return names.isEmpty ? nil : names.sorted()
  }

  func read(_ path: String) -> Result<String, SensorFileError> {
    guard let entry = files[path] else {
      return .failure(SensorFileError("cannot read \(path): No such file"))
    }
    guard let text = entry else { return .failure(SensorFileError("cannot read \(path): Remote I/O error")) }
    return .success(text)
  }
}

/// The kernel's IIO ABI for illuminance, as drivers write it: a processed `_input` (tsl2563
/// numbers its channel: `in_illuminance0_input`), or `_raw` with `_scale` and `_offset`
/// (bh1750), sensors found by name, device or directory, and the messages when they are not.
struct IIOLightSensorTests {
  static let devices = IIOLightSensor.devices

  /// tsl2563 as the kernel shows it (its other channels are intensities, not illuminance).
  static let tsl2563: [String: String?] = [
    "\(devices)/iio:device0/name": "tsl2563\n",
    "\(devices)/iio:device0/in_illuminance0_input": "212\n",
    "\(devices)/iio:device0/in_intensity_both_raw": "6735\n",
    "\(devices)/iio:device0/in_intensity_ir_raw": "0\n",
  ]

  /// bh1750: a raw count and a scale (lux per count).
  static let bh1750: [String: String?] = [
    "\(devices)/iio:device1/name": "bh1750\n",
    "\(devices)/iio:device1/in_illuminance_raw": "1200\n",
    "\(devices)/iio:device1/in_illuminance_scale": "0.833333\n",
    "\(devices)/iio:device1/in_illuminance_integration_time": "0.120000\n",
  ]

  /// An ADC, no light sensor.
  static let ads1015: [String: String?] = [
    "\(devices)/iio:device2/name": "ads1015\n", "\(devices)/iio:device2/in_voltage0_raw": "12\n",
  ]

  static func files(_ parts: [String: String?]...) -> MemoryFiles {
    MemoryFiles(files: parts.reduce(into: [:]) { $0.merge($1) { first, _ in first } })
  }

  @Test func tsl2563ReadsItsNumberedInput() throws {
    let files = Self.files(Self.tsl2563)
    let sensor = try IIOLightSensor.find(.first, files: files).get()
    #expect(sensor.channel == .input("in_illuminance0_input"))
    #expect(sensor.description == "tsl2563 (iio:device0)")
    #expect(sensor.read(files: files) == .lux(212))
  }

  @Test func bh1750ReadsRawTimesScale() throws {
    let files = Self.files(Self.bh1750)
    let sensor = try IIOLightSensor.find(.named("bh1750"), files: files).get()
    #expect(sensor.channel == .raw("in_illuminance_raw", scale: "in_illuminance_scale", offset: nil))
    guard case .lux(let lux) = sensor.read(files: files) else {
      Issue.record("no reading")
      return
    }
    #expect(abs(lux - 999.9996) < 1e-9)
  }

  /// The ABI adds the offset to the raw count before scaling.
  @Test func offsetComesBeforeTheScale() {
    let files = MemoryFiles(files: [
      "/x/in_illuminance_raw": "100", "/x/in_illuminance_offset": "-20", "/x/in_illuminance_scale": "0.5",
    ])
    #expect(IIOLightSensor.at("/x", files: files)?.read(files: files) == .lux(40))
  }

  static let channels: [([String], IIOLightSensor.Channel?)] = [
    (["in_illuminance_input", "in_illuminance_raw"], .input("in_illuminance_input")),
    (["in_illuminance1_input", "in_illuminance0_input"], .input("in_illuminance0_input")),
    (["in_illuminance10_raw", "in_illuminance2_raw"], .raw("in_illuminance2_raw", scale: nil, offset: nil)),
    (
      ["in_illuminance0_raw", "in_illuminance_scale", "in_illuminance0_offset", "in_illuminance_offset"],
      .raw("in_illuminance0_raw", scale: "in_illuminance_scale", offset: "in_illuminance0_offset")
    ),
    // tsl2583's modified channels and others are not the illuminance.
    (
      ["in_illuminance_ir_raw", "in_illuminance_both_raw", "in_intensity_clear_raw", "in_illuminancex_raw"],
      nil
    ),
    (["in_illuminance_input_available", "name"], nil),
  ]

  @Test(arguments: channels)
  func channel(names: [String], channel: IIOLightSensor.Channel?) {
    #expect(IIOLightSensor.channel(in: names) == channel)
  }

  @Test func sensorsAreListedByDeviceNumber() {
    let files = Self.files(
      Self.ads1015, Self.bh1750, Self.tsl2563,
      ["\(Self.devices)/iio:device10/in_illuminance_input": "3", "\(Self.devices)/trigger0/name": "t"])
    let found = IIOLightSensor.all(files: files).map(\.description)
    #expect(found == ["tsl2563 (iio:device0)", "bh1750 (iio:device1)", "iio:device10"])
    #expect((try? IIOLightSensor.find(.first, files: files).get())?.description == "tsl2563 (iio:device0)")
    #expect((try? IIOLightSensor.find(.device("iio:device1"), files: files).get())?.name == "bh1750")
  }

  static let missing: [(LightSensorChoice, String)] = [
    (.first, "no IIO light sensor (no device in /sys/bus/iio/devices has an illuminance channel)"),
    (.named("veml7700"), "no IIO light sensor is named veml7700; there is bh1750 (iio:device1)"),
    (
      .device("iio:device5"),
      "there is no iio:device5 (/sys/bus/iio/devices/iio:device5); there is bh1750 (iio:device1)"
    ),
    (
      .device("iio:device2"),
      "iio:device2 has no illuminance channel (in_illuminance_input or in_illuminance_raw)"
    ),
    (.directory("/run/light"), "/run/light: no such directory"),
  ]

  @Test(arguments: missing)
  func notFoundSaysWhy(choice: LightSensorChoice, message: String) {
    let files = Self.files(Self.ads1015, choice == .first ? [:] : Self.bh1750)
    #expect(throws: SensorFileError(message)) { try IIOLightSensor.find(choice, files: files).get() }
  }

  @Test func readFailuresSayWhy() {
    let gone = MemoryFiles(files: ["/s/in_illuminance_input": nil])
    let sensor = IIOLightSensor(directory: "/s", name: nil, channel: .input("in_illuminance_input"))
    #expect(sensor.read(files: gone) == .failed("cannot read /s/in_illuminance_input: Remote I/O error"))
    let garbage = MemoryFiles(files: ["/s/in_illuminance_input": "12 lux\u{1b}[31m\n"])
    #expect(
      sensor.read(files: garbage)
        == .failed("/s/in_illuminance_input holds '12 lux\\u{1B}[31m', not a number"))
    #expect(
      sensor.read(files: MemoryFiles(files: ["/s/in_illuminance_input": " -0.250000\n"])) == .lux(-0.25))
  }

  static let choices: [(String?, LightSensorChoice)] = [
    (nil, .first), ("", .first), ("bh1750", .named("bh1750")), ("iio:device3", .device("iio:device3")),
    ("iio:device", .named("iio:device")), ("iio:devicex", .named("iio:devicex")),
    ("/run/nixie-light", .directory("/run/nixie-light")),
  ]

  @Test(arguments: choices)
  func sensorSetting(text: String?, choice: LightSensorChoice) {
    #expect(LightSensorChoice(text) == choice)
  }
}
