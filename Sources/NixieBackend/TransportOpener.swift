import NixieBoardModel
import NixieTransports

/// Opens the transports a board's `TransportPlan` lists, one kind at a time: the pin factory
/// of a backend. The Linux devices (`LinuxTransports`: libgpiod, spidev, i2c-dev) are one
/// opener, the simulated board (`SimulatedBoard`'s chips in software) another, a test's doubles
/// a third; `BoardTransports` opens a board through any of them the same way.
///
/// An opening that fails throws the backend's own error (`HardwareError` on Linux, with what
/// to do about it).
public protocol TransportOpener {
  /// GPIO output lines on one chip, requested at `outputs.initialLevels`.
  func openOutputs(_ outputs: TransportPlan.Outputs) throws -> GPIOLines
  /// The SPI device, set to the wiring's mode, speed and word size.
  func openSPI(_ wiring: SPIWiring) throws -> SPIDevice
  /// The I2C bus the expanders are on, checked for what their family needs of it.
  func openI2C(_ expanders: TransportPlan.Expanders) throws -> I2CBus
  /// Reads one input line once (true = high), with the pull-up asked for, and gives it back.
  func readLevel(chip: String, line: UInt32, pullUp: Bool) throws -> Bool
}
