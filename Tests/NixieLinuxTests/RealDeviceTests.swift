import CSPIDev
import Foundation
import NixieBoardModel
import Testing

@testable import NixieLinux

/// The real libgpiod, spidev and i2c-dev code, run against what any Linux machine has: nodes
/// that are missing, and `/dev/null`, which is a device but none of these. (Working devices
/// are exercised under gpio-sim and i2c-stub by the kernel tests.)
struct RealDeviceTests {
  static func absent(_ path: String) -> Bool { !FileManager.default.fileExists(atPath: path) }

  @Test func theLinkedLibgpiodIsTheAPIThisBuildCompiledAgainst() {
    #if LIBGPIOD_V2
      #expect(SystemGPIO.apiMajor == 2)
    #else
      // The default build on Debian 12 (libgpiod 1.6): the v1 API.
      #expect(SystemGPIO.apiMajor == 1)
    #endif
    #expect(SystemGPIO.version.hasPrefix("\(SystemGPIO.apiMajor)."))
  }

  @Test(.enabled(if: absent("/dev/gpiochip99")))
  func aMissingGPIOChipIsAMissingDevice() {
    #expect {
      _ = try GPIOChipLines(chip: "gpiochip99", lines: [.din: 1])
    } throws: { error in
      let error = error as? HardwareError
      return error?.problem == .missingDevice && error?.device == "/dev/gpiochip99"
        && error?.errno == .noSuchFile
    }
  }

  @Test func aNodeThatIsNoGPIOChipIsTheWrongChip() {
    #expect {
      _ = try GPIOEdgeEventSource(chip: "/dev/null", offsets: [17], pullUp: true)
    } throws: { error in
      let error = error as? HardwareError
      return error?.problem == .noSuchChip && error?.detail == "not a GPIO character device"
    }
  }

  @Test func anUnknownLabelIsTheWrongChip() {
    #expect {
      _ = try GPIOChipLines(chip: "no-such-label", lines: [.bl: 25])
    } throws: { error in
      (error as? HardwareError)?.problem == .noSuchChip
    }
  }

  @Test(.enabled(if: absent("/dev/spidev9.9")))
  func aMissingSPIDeviceSaysHowToEnableSPI() {
    let wiring = SPIWiring(device: "/dev/spidev9.9", mode: 1, speedHz: 1_000_000, bitsPerWord: 8)
    #expect {
      _ = try LinuxSPIDevice(wiring)
    } throws: { error in
      let error = error as? HardwareError
      return error?.problem == .missingDevice && error?.fix.contains("dtparam=spi=on") == true
    }
  }

  @Test func aNodeThatIsNoSPIDeviceRefusesTheModeIoctl() {
    let wiring = SPIWiring(device: "/dev/null", mode: 1, speedHz: 1_000_000, bitsPerWord: 8)
    #expect {
      _ = try LinuxSPIDevice(wiring)
    } throws: { error in
      let error = error as? HardwareError
      return error?.problem == .noSuchChip && error?.operation == "set SPI mode 1"
        && error?.errno == .notATypewriter
    }
  }

  @Test(.enabled(if: absent("/dev/i2c-99")))
  func aMissingI2CBusSaysHowToEnableI2C() {
    #expect {
      _ = try LinuxI2CBus(path: "/dev/i2c-99")
    } throws: { error in
      let error = error as? HardwareError
      return error?.problem == .missingDevice && error?.fix.contains("dtparam=i2c_arm=on") == true
    }
  }

  @Test func aNodeThatIsNoI2CBusRefusesTheFunctionsIoctl() {
    #expect {
      _ = try LinuxI2CBus(path: "/dev/null")
    } throws: { error in
      let error = error as? HardwareError
      return error?.problem == .noSuchChip && error?.fix.contains("i2c.bus") == true
    }
  }

  @Test(.enabled(if: absent("/dev/i2c-1")))
  func theHardwareExpanderBoardFailsOnItsBusWithTheFix() throws {
    let board = try Boards.named("mcp23017-4xin12")
    #expect {
      _ = try HardwareBoard(board: board, clock: FixedClock())
    } throws: { error in
      (error as? HardwareError)?.description.hasPrefix("/dev/i2c-1: open: no such device") == true
    }
  }

  /// `_IOW('k', nr, type)`: direction write (1) in bits 30–31, size in 16–29, 'k' in 8–15.
  @Test func theSPIIoctlNumbersComeFromTheKernelHeader() {
    func decode(_ request: UInt) -> (direction: UInt, size: UInt, type: UInt, number: UInt) {
      (request >> 30, (request >> 16) & 0x3FFF, (request >> 8) & 0xFF, request & 0xFF)
    }
    let k = UInt(UInt8(ascii: "k"))
    #expect(decode(cspidev_ioc_wr_mode()) == (1, 1, k, 1))
    #expect(decode(cspidev_ioc_rd_mode()) == (2, 1, k, 1))
    #expect(decode(cspidev_ioc_wr_bits_per_word()) == (1, 1, k, 3))
    #expect(decode(cspidev_ioc_wr_max_speed_hz()) == (1, 4, k, 4))
    #expect(decode(cspidev_ioc_message_1()) == (1, UInt(MemoryLayout<spi_ioc_transfer>.size), k, 0))
    #expect(MemoryLayout<spi_ioc_transfer>.size == 32)
  }
}
