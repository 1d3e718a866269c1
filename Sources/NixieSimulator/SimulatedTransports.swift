import NixieBackend
import NixieBoardModel
import NixieTransports

/// The simulator's `TransportOpener`: a simulated board's transports handed out as the Linux
/// devices are opened — the gpiochip for output lines (display and backlight alike: one chip
/// holds every line), the SPI controller, the I2C bus — and its detect line read as libgpiod
/// would read it.
struct SimulatedTransports: TransportOpener {
  let gpio: SimulatedGPIOChip
  let spi: SimulatedSPIDevice?
  let i2c: SimulatedI2CBus?

  func openOutputs(_ outputs: TransportPlan.Outputs) throws -> GPIOLines { gpio }

  func openSPI(_ wiring: SPIWiring) throws -> SPIDevice {
    guard let spi else { throw SimulatorError.noModel(chip: "an SPI controller for \(wiring.device)") }
    return spi
  }

  func openI2C(_ expanders: TransportPlan.Expanders) throws -> I2CBus {
    guard let i2c else { throw SimulatorError.noModel(chip: "an I2C bus at \(expanders.bus)") }
    return i2c
  }

  /// The detect line's level on the chip (low when the chip does not wire it).
  func readLevel(chip: String, line: UInt32, pullUp: Bool) throws -> Bool {
    gpio.levels.contains(.detect)
  }
}
