import Glibc
import NixieCore
import NixieSystem

/// A device node as `stat` sees it.
struct DeviceNode: Hashable, Sendable {
  var isCharacterDevice: Bool
  /// The owning group's name (or its number, if it has no name).
  var group: String
  /// The permission bits, e.g. 0o660.
  var permissions: UInt32
}

/// The facts `nixie doctor` reads off the machine: the Linux ones, or a double in tests.
protocol DoctorSystem {
  var libgpiodVersion: String { get }
  /// `uname -r`, e.g. `6.1.0-rpi7-rpi-v8`.
  var kernelRelease: String { get }
  var userName: String { get }
  var isRoot: Bool { get }
  /// The groups of this process (what the current login has).
  var processGroups: Set<String> { get }
  /// The groups the user's account is in (what the next login gets).
  var accountGroups: Set<String> { get }
  /// The node at `path`, or nil if there is none.
  func node(_ path: String) -> DeviceNode?
  /// Whether this process may open `path` for reading and writing.
  func canReadWrite(_ path: String) -> Bool
  /// The paths of `/dev` entries whose names start with `prefix`, sorted.
  func devices(prefix: String) -> [String]
  func openChip(_ reference: String) throws(HardwareError) -> any GPIOChipAPI
  /// Opens the SPI device with the board's settings and reads its mode back.
  func probeSPI(_ wiring: SPIWiring) -> HardwareError?
  /// Opens the bus and reads from the device at `address` without changing it.
  func probeI2C(bus: String, address: UInt8, chip: I2CExpander) -> HardwareError?
  /// The Raspberry Pi firmware's config.txt, or nil on a machine that has none.
  var raspberryPiConfig: RaspberryPiConfig? { get }
}

/// `DoctorSystem` on this machine.
struct LinuxDoctorSystem: DoctorSystem {
  var libgpiodVersion: String { SystemGPIO.version }

  var kernelRelease: String {
    var names = utsname()
    uname(&names)
    return withUnsafeBytes(of: names.release) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
  }

  var userName: String {
    guard let entry = getpwuid(geteuid()), let name = entry.pointee.pw_name else {
      return "uid \(geteuid())"
    }
    return String(cString: name)
  }

  var isRoot: Bool { geteuid() == 0 }

  var processGroups: Set<String> {
    let count = getgroups(0, nil)
    var ids = [gid_t](repeating: 0, count: Int(max(count, 0)))
    let filled = getgroups(count, &ids)
    return Set((ids.prefix(Int(max(filled, 0))) + [getegid()]).map(Self.groupName))
  }

  var accountGroups: Set<String> {
    guard let entry = getpwuid(geteuid()), let name = entry.pointee.pw_name else { return [] }
    var count: Int32 = 64
    var ids = [gid_t](repeating: 0, count: Int(count))
    if getgrouplist(name, entry.pointee.pw_gid, &ids, &count) == -1 {
      ids = [gid_t](repeating: 0, count: Int(count))
      _ = getgrouplist(name, entry.pointee.pw_gid, &ids, &count)
    }
    return Set(ids.prefix(Int(max(count, 0))).map(Self.groupName))
  }

  static func groupName(_ id: gid_t) -> String {
    guard let entry = getgrgid(id), let name = entry.pointee.gr_name else { return String(id) }
    return String(cString: name)
  }

  func node(_ path: String) -> DeviceNode? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    return DeviceNode(
      isCharacterDevice: info.st_mode & S_IFMT == S_IFCHR, group: Self.groupName(info.st_gid),
      permissions: UInt32(info.st_mode & 0o777))
  }

  func canReadWrite(_ path: String) -> Bool { access(path, R_OK | W_OK) == 0 }

  func devices(prefix: String) -> [String] {
    guard let directory = opendir("/dev") else { return [] }
    defer { closedir(directory) }
    var found: [String] = []
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
        String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
      }
      if name.hasPrefix(prefix) { found.append("/dev/" + name) }
    }
    return found.sorted()
  }

  func openChip(_ reference: String) throws(HardwareError) -> any GPIOChipAPI {
    try SystemGPIO.openChip(reference)
  }

  var raspberryPiConfig: RaspberryPiConfig? {
    for path in RaspberryPiConfig.paths {
      if let text = try? TextFile.read(path) { return RaspberryPiConfig(path: path, text: text) }
    }
    return nil
  }

  func probeSPI(_ wiring: SPIWiring) -> HardwareError? {
    do throws(HardwareError) {
      _ = try LinuxSPIDevice(wiring).readMode()
      return nil
    } catch {
      return error
    }
  }

  func probeI2C(bus: String, address: UInt8, chip: I2CExpander) -> HardwareError? {
    do {
      let device = try LinuxI2CBus(path: bus)
      // Reads change nothing: IODIRA of an MCP23017, the pins of a PCF8574.
      switch chip.probe {
      case .readRegister(let register): _ = try device.read(address: address, register: register)
      case .receiveByte: _ = try device.receive(address: address)
      }
      return nil
    } catch let error as HardwareError {
      return error
    } catch {
      return HardwareError(
        transport: .i2c, device: bus, operation: "probe \(Hex.byte(address))", problem: .failed,
        detail: "\(error)")
    }
  }
}
