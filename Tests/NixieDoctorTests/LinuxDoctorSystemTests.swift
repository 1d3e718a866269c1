import Foundation
import Testing

@testable import NixieDoctor

/// The facts `nixie doctor` reads off this machine, through NixieSystem and NixieLinux.
struct LinuxDoctorSystemTests {
  @Test func theMachineFactsDoctorReads() {
    let system = LinuxDoctorSystem()
    #expect(!system.kernelRelease.isEmpty)
    #expect(!system.userName.isEmpty)
    #expect(system.node("/dev/null")?.isCharacterDevice == true)
    #expect(system.node("/dev/no-such-node") == nil)
    #expect(system.devices(prefix: "null") == ["/dev/null"])
    #expect(system.canReadWrite("/dev/null"))
    #expect(!system.processGroups.isEmpty)
  }

  /// The I2C adapters are read from sysfs, here a folder standing in for /sys.
  @Test func anI2CAdapterIsFoundInSysfs() throws {
    let sysfs = FileManager.default.temporaryDirectory
      .appendingPathComponent("nixie-sysfs-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: sysfs) }
    try FileManager.default.createDirectory(
      at: sysfs.appendingPathComponent("class/i2c-adapter/i2c-1"), withIntermediateDirectories: true)
    let system = LinuxDoctorSystem(sysfs: sysfs.path)
    #expect(system.i2cAdapterExists("/dev/i2c-1"))
    #expect(!system.i2cAdapterExists("/dev/i2c-3"))
    #expect(!system.i2cAdapterExists("/dev/spidev0.0"))
  }

  /// The model is read from the device tree in sysfs (NUL-terminated there), here a folder
  /// standing in for /sys; none without a device tree.
  @Test func theMachineModelIsReadFromTheDeviceTree() throws {
    let sysfs = FileManager.default.temporaryDirectory
      .appendingPathComponent("nixie-sysfs-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: sysfs) }
    let system = LinuxDoctorSystem(sysfs: sysfs.path)
    #expect(system.machineModel == nil)
    let base = sysfs.appendingPathComponent("firmware/devicetree/base")
    try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
    try Data("Raspberry Pi 5 Model B Rev 1.0\0".utf8).write(to: base.appendingPathComponent("model"))
    #expect(system.machineModel == "Raspberry Pi 5 Model B Rev 1.0")
  }
}
