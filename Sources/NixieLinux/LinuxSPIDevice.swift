import CSPIDev
import Glibc
import NixieBoardModel
import NixieSystem
import NixieTransports

/// An spidev device (`/dev/spidevB.C`): opened and set to the board's mode, speed and word size
/// once; each `transfer` is one `SPI_IOC_MESSAGE(1)` ioctl, chip-select active throughout.
public final class LinuxSPIDevice: SPIDevice {
  public let wiring: SPIWiring
  /// Transfers made (each one ioctl).
  public private(set) var transferCount = 0
  private let descriptor: Int32

  /// Opens `wiring.device` and sets mode, bits per word and speed (`SPI_IOC_WR_*`).
  public init(_ wiring: SPIWiring) throws(HardwareError) {
    self.wiring = wiring
    do throws(SystemCallError) {
      descriptor = try SystemCall.openReadWrite(wiring.device)
    } catch {
      throw HardwareError(
        error.errno, transport: .spi, device: wiring.device, operation: "open", phase: .open)
    }
    var mode = wiring.mode
    var bits = wiring.bitsPerWord
    var speed = wiring.speedHz
    try configure("set SPI mode \(mode)", cspidev_ioc_wr_mode(), &mode)
    try configure("set \(bits) bits per word", cspidev_ioc_wr_bits_per_word(), &bits)
    try configure("set the speed to \(speed) Hz", cspidev_ioc_wr_max_speed_hz(), &speed)
  }

  deinit { SystemCall.close(descriptor) }

  private func configure<Value>(
    _ operation: String, _ request: UInt, _ value: inout Value
  ) throws(HardwareError) {
    do throws(SystemCallError) {
      try withUnsafeMutableBytes(of: &value) { (buffer) throws(SystemCallError) in
        guard let base = buffer.baseAddress else { return }
        try SystemCall.ioctl(descriptor, request, base)
      }
    } catch {
      throw HardwareError(
        error.errno, transport: .spi, device: wiring.device, operation: operation, phase: .configure)
    }
  }

  /// The mode the controller is set to (`SPI_IOC_RD_MODE`): a cheap check that the device is
  /// an spidev that answers.
  public func readMode() throws(HardwareError) -> UInt8 {
    var mode: UInt8 = 0
    try configure("read the SPI mode", cspidev_ioc_rd_mode(), &mode)
    return mode
  }

  public func transfer(_ bytes: [UInt8]) throws {
    var message = spi_ioc_transfer()
    message.len = UInt32(bytes.count)
    message.speed_hz = wiring.speedHz
    message.bits_per_word = wiring.bitsPerWord
    // Swift 6.0's withUnsafeBufferPointer rethrows untyped: the error leaves as a Result.
    let outcome = bytes.withUnsafeBufferPointer { buffer -> Result<Int32, SystemCallError> in
      message.tx_buf = UInt64(UInt(bitPattern: buffer.baseAddress))
      do throws(SystemCallError) {
        return .success(try SystemCall.ioctl(descriptor, cspidev_ioc_message_1(), &message))
      } catch {
        return .failure(error)
      }
    }
    if case .failure(let error) = outcome {
      throw HardwareError(
        error.errno, transport: .spi, device: wiring.device,
        operation: "transfer \(bytes.count) bytes (SPI_IOC_MESSAGE)", phase: .transfer)
    }
    transferCount += 1
  }
}
