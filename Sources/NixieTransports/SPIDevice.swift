/// An SPI device as a driver sees it: one call is one transfer, chip-select active throughout.
///
/// The spidev transport implements it on `/dev/spidevB.C`, the simulator by clocking the bits
/// onto simulated lines. Mode, speed and word size are fixed when the device is opened.
public protocol SPIDevice: AnyObject {
  /// Clocks `bytes` out, most significant bit first, in one transfer (one `SPI_IOC_MESSAGE`).
  func transfer(_ bytes: [UInt8]) throws
}
