import NixieBackend
import NixieBoardModel
import NixieTransports

/// The real devices, the Linux backend's `TransportOpener`: libgpiod lines, spidev, i2c-dev.
public struct LinuxTransports: TransportOpener {
  /// The name `gpioinfo` shows for the lines requested.
  public let consumer: String

  public init(consumer: String = "nixie") { self.consumer = consumer }

  public func openOutputs(_ outputs: TransportPlan.Outputs) throws(HardwareError) -> GPIOLines {
    try GPIOChipLines(
      chip: outputs.chip, lines: outputs.lines, initialLevels: outputs.initialLevels, consumer: consumer)
  }

  public func openSPI(_ wiring: SPIWiring) throws(HardwareError) -> SPIDevice { try LinuxSPIDevice(wiring) }

  public func readLevel(chip reference: String, line: UInt32, pullUp: Bool) throws(HardwareError) -> Bool {
    try GPIOInputReading.level(chip: reference, line: line, pullUp: pullUp, consumer: consumer)
  }

  public func openI2C(_ expanders: TransportPlan.Expanders) throws(HardwareError) -> I2CBus {
    let bus = try LinuxI2CBus(path: expanders.bus)
    if expanders.chip.needsBlockWrites && !bus.supportsBlockWrites {
      throw HardwareError(
        transport: .i2c, device: expanders.bus, operation: "check the adapter", problem: .unsupported,
        detail: "it cannot do SMBus I2C block writes")
    }
    return bus
  }
}
