import NixieCore
import NixieTransports

/// A chip on a simulated I2C bus, seen as the bytes of each transaction after the address.
public protocol SimulatedI2CDevice: AnyObject {
  /// A write transaction: the data bytes after the address byte, in order.
  func receive(_ bytes: [UInt8])
  /// A read transaction of `count` bytes (on its own, or after a repeated start).
  func transmit(count: Int) -> [UInt8]
}

/// Something that watches a simulated I2C bus: a board model that decodes the chips' pins.
public protocol I2CBusObserver: AnyObject {
  /// A transaction with the device at `address` ended at `time` (monotonic ns).
  func transactionEnded(address: UInt8, at time: UInt64)
}

/// An I2C bus in software, standing where `/dev/i2c-N` stands for real hardware.
///
/// Drivers talk to it through `I2CBus`, as to i2c-dev; each call becomes the bytes a real bus
/// would carry, handed to the chip model at that address, which decodes them as the chip would
/// (register pointer, sequential addressing). An address with no chip is not acknowledged.
/// A transaction takes the time its bits take at `speedHz` (100 kHz: standard mode).
public final class SimulatedI2CBus: I2CBus {
  /// The bus as the board profile names it, e.g. `/dev/i2c-1`.
  public let name: String
  public let speedHz: UInt32
  /// Transactions made, failed ones included.
  public private(set) var transactionCount = 0
  /// When the latest transaction ended.
  public private(set) var lastTime: UInt64 = 0
  /// The next this many transactions are not acknowledged, as if the bus glitched.
  public var failingTransactions = 0

  private let clock: MonotonicClock
  private var devices: [UInt8: SimulatedI2CDevice] = [:]
  private var observers: [I2CBusObserver] = []

  public init(name: String, clock: MonotonicClock, speedHz: UInt32 = 100_000) {
    self.name = name
    self.clock = clock
    self.speedHz = max(1, speedHz)
  }

  /// Puts `device` on the bus at the 7-bit `address`.
  public func attach(_ device: SimulatedI2CDevice, at address: UInt8) { devices[address] = device }

  public func addObserver(_ observer: I2CBusObserver) { observers.append(observer) }

  public func write(address: UInt8, register: UInt8, bytes: [UInt8]) throws {
    try transaction(address, bytesOnWire: 2 + bytes.count) { $0.receive([register] + bytes) }
  }

  public func send(address: UInt8, byte: UInt8) throws {
    try transaction(address, bytesOnWire: 2) { $0.receive([byte]) }
  }

  public func read(address: UInt8, register: UInt8) throws -> UInt8 {
    var value: UInt8 = 0
    try transaction(address, bytesOnWire: 4) { device in
      device.receive([register])
      value = device.transmit(count: 1).first ?? 0xFF
    }
    return value
  }

  public func receive(address: UInt8) throws -> UInt8 {
    var value: UInt8 = 0
    try transaction(address, bytesOnWire: 2) { value = $0.transmit(count: 1).first ?? 0xFF }
    return value
  }

  /// One transaction of `bytesOnWire` bytes (address bytes included), 9 clocks each.
  private func transaction(
    _ address: UInt8, bytesOnWire: Int, _ body: (SimulatedI2CDevice) -> Void
  ) throws {
    transactionCount += 1
    let duration = UInt64(9 * bytesOnWire + 2) * 1_000_000_000 / UInt64(speedHz)
    let time = max(clock.now(), lastTime) + duration
    lastTime = time
    guard failingTransactions == 0, let device = devices[address] else {
      failingTransactions = max(0, failingTransactions - 1)
      throw SimulatedBusError.noAcknowledge(bus: name, address: address)
    }
    body(device)
    for observer in observers { observer.transactionEnded(address: address, at: time) }
  }
}
