import NixieBoardModel
import NixieLinux
import NixieRoom
import Testing

@testable import NixieDoctor

/// A sysfs in memory: file paths and their text.
struct SysfsFiles: SensorFiles {
  var files: [String: String] = [:]

  func names(in directory: String) -> [String]? {
    let prefix = directory + "/"
    let names = Set(
      files.keys.filter { $0.hasPrefix(prefix) }.map {
        String($0.dropFirst(prefix.count).prefix { $0 != "/" })
      })
    return names.isEmpty ? nil : names.sorted()
  }

  func read(_ path: String) -> Result<String, SensorFileError> {
    files[path].map { .success($0) }
      ?? .failure(SensorFileError("cannot read \(path): No such file or directory"))
  }

  /// A BH1750 as the kernel shows it, reading `raw` counts.
  static func bh1750(raw: String = "240") -> SysfsFiles {
    let device = IIOLightSensor.devices + "/iio:device0"
    return SysfsFiles(files: [
      device + "/name": "bh1750\n", device + "/in_illuminance_raw": raw + "\n",
      device + "/in_illuminance_scale": "0.833333\n",
    ])
  }
}

/// `nixie doctor` on the room: whether the light sensor `brightness: auto` reads is there and
/// what it reads, which `dtoverlay=i2c-sensor` line adds one on a Pi, and the presence line
/// checked like the board's own.
struct LightSensorDoctorTests {
  static func findings(
    lightSensor: LightSensorChoice?, files: SysfsFiles, config: String? = nil, board: BoardProfile? = nil
  ) throws -> [DoctorFinding] {
    let machine = FakeMachine.ready()
    machine.raspberryPiConfig = config.map { RaspberryPiConfig(path: "/boot/firmware/config.txt", text: $0) }
    return BoardDoctor(
      board: try board ?? Boards.named("hv5622-6xin14"), system: machine, lightSensor: lightSensor,
      sensorFiles: files
    ).run().filter { $0.subject == "light sensor" }
  }

  @Test func aWorkingSensorSaysWhatItReads() throws {
    let found = try Self.findings(lightSensor: .first, files: .bh1750())
    #expect(
      found == [DoctorFinding(.ok, "light sensor", "bh1750 (iio:device0) reads 200 lux (brightness: auto)")])
  }

  @Test func aMissingSensorIsAWarningWithTheOverlayLine() throws {
    let found = try Self.findings(lightSensor: .first, files: SysfsFiles(), config: "dtparam=i2c_arm=on\n")
    #expect(found.count == 1)
    #expect(found.first?.status == .warning)
    #expect(found.first?.message.hasPrefix("no IIO light sensor") == true)
    #expect(found.first?.message.hasSuffix("brightness: auto keeps the fixed brightness") == true)
    #expect(
      found.first?.fix
        == "wire an I2C light sensor to the Pi's I2C 1 and add dtoverlay=i2c-sensor,bh1750 (BH1750 at 0x23) or "
        + "dtoverlay=i2c-sensor,tsl4531 (TSL4531 at 0x29) to /boot/firmware/config.txt, then reboot")
    let named = try Self.findings(lightSensor: .named("tsl4531"), files: SysfsFiles(), config: "")
    #expect(named.first?.fix?.contains("add dtoverlay=i2c-sensor,tsl4531 (TSL4531 at 0x29) to") == true)
    #expect(named.first?.fix?.contains("bh1750") == false)
  }

  @Test func anOverlayWithoutASensorPointsAtTheWiring() throws {
    let found = try Self.findings(
      lightSensor: .named("bh1750"), files: SysfsFiles(),
      config: "dtparam=i2c_arm=on\ndtoverlay=i2c-sensor,bh1750\n")
    #expect(
      found.first?.fix?.hasPrefix("/boot/firmware/config.txt has dtoverlay=i2c-sensor,bh1750, but") == true)
    let elsewhere = try Self.findings(lightSensor: .first, files: SysfsFiles())
    #expect(elsewhere.first?.fix?.contains("/sys/bus/i2c/devices/i2c-1/new_device") == true)
  }

  @Test func nonsenseIsAWarning() throws {
    let found = try Self.findings(lightSensor: .first, files: .bh1750(raw: "-12"))
    #expect(found.first?.status == .warning)
    #expect(
      found.first?.message
        == "bh1750 (iio:device0) reads -10 lux, below 0: brightness: auto keeps the fixed brightness")
  }

  /// Without `brightness: auto` a sensor there is mentioned; none, nothing is said.
  @Test func withoutAutoOnlyASensorThereIsMentioned() throws {
    let there = try Self.findings(lightSensor: nil, files: .bh1750())
    #expect(
      there == [
        DoctorFinding(
          .ok, "light sensor", "bh1750 (iio:device0) (brightness: auto in nixie.yaml would follow it)")
      ])
    #expect(try Self.findings(lightSensor: nil, files: SysfsFiles()).isEmpty)
  }

  @Test func thePresenceLineIsCheckedLikeTheBoardsLines() throws {
    var board = try Boards.named("hv5622-6xin14")
    board.presence = PresenceWiring(chip: "raspberry-pi", line: 4)
    let findings = BoardDoctor(board: board, system: FakeMachine.ready()).run()
    let line = try #require(findings.first { $0.subject == "gpiochip0 line 4 (presence)" })
    #expect(line.status == .ok && line.message == "free")
  }
}
