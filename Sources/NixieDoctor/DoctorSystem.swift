import NixieBoardModel
import NixieLinux
import NixieSystem
import NixieText

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
  func openChip(_ reference: String) throws(HardwareError) -> any GPIOChipInfo
  /// Opens the SPI device with the board's settings and reads its mode back.
  func probeSPI(_ wiring: SPIWiring) -> HardwareError?
  /// Opens the bus and reads from the device at `address` without changing it.
  func probeI2C(bus: String, address: UInt8, chip: I2CExpander) -> HardwareError?
  /// The Raspberry Pi firmware's config.txt, or nil on a machine that has none.
  var raspberryPiConfig: RaspberryPiConfig? { get }
  /// Whether the kernel has the I2C adapter whose node `bus` would be (`/dev/i2c-1`: sysfs's
  /// `class/i2c-adapter/i2c-1`), node or not: the i2c-dev module makes the nodes.
  func i2cAdapterExists(_ bus: String) -> Bool
  /// The machine's model as its device tree names it (`Raspberry Pi 5 Model B Rev 1.0`), or
  /// nil without a device tree.
  var machineModel: String? { get }
}

/// `DoctorSystem` on this machine.
struct LinuxDoctorSystem: DoctorSystem {
  /// Where sysfs is: `/sys`, or a test's folder standing in for it.
  var sysfs = "/sys"

  var libgpiodVersion: String { Libgpiod.version }

  var kernelRelease: String { Kernel.release }
  var userName: String { Accounts.userName }
  var isRoot: Bool { Accounts.isRoot }
  var processGroups: Set<String> { Accounts.processGroups }
  var accountGroups: Set<String> { Accounts.accountGroups }

  func node(_ path: String) -> DeviceNode? {
    FileStatus(path).map {
      DeviceNode(
        isCharacterDevice: $0.isCharacterDevice, group: Accounts.groupName($0.groupID),
        permissions: $0.permissions)
    }
  }

  func canReadWrite(_ path: String) -> Bool { FileSystem.canReadWrite(path) }
  func devices(prefix: String) -> [String] { Directory.devices(prefix: prefix) }

  func openChip(_ reference: String) throws(HardwareError) -> any GPIOChipInfo {
    try Libgpiod.openChip(reference)
  }

  var raspberryPiConfig: RaspberryPiConfig? {
    for path in RaspberryPiConfig.paths {
      if let text = try? TextFile.read(path) { return RaspberryPiConfig(path: path, text: text) }
    }
    return nil
  }

  func i2cAdapterExists(_ bus: String) -> Bool {
    guard let name = bus.split(separator: "/").last, name.hasPrefix("i2c-") else { return false }
    return FileSystem.exists("\(sysfs)/class/i2c-adapter/\(name)")
  }

  var machineModel: String? {
    guard let text = try? TextFile.read("\(sysfs)/firmware/devicetree/base/model", limit: 256) else {
      return nil
    }
    let model = text.prefix { $0 != "\0" }.trimmingSpacesAndTabs
    return model.isEmpty ? nil : String(model)
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
