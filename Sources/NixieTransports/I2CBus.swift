/// An I2C bus as a driver sees it: SMBus transactions addressed to 7-bit device addresses.
///
/// The i2c-dev transport implements it on `/dev/i2c-N` with libi2c, the simulator on models of
/// the chips. Each call is one bus transaction; a failed one throws, typically a
/// `TransportFault` that says whether trying again may help (a NACK, a bus timeout).
public protocol I2CBus: AnyObject {
  /// Writes `bytes` to consecutive registers from `register` in one transaction
  /// (SMBus "I2C block write": the register byte, then the data, no count byte).
  func write(address: UInt8, register: UInt8, bytes: [UInt8]) throws
  /// Sends one byte with no register (SMBus "send byte"): a PCF8574's whole port.
  func send(address: UInt8, byte: UInt8) throws
  /// Reads one register (SMBus "read byte data": write the register, repeated start, read).
  func read(address: UInt8, register: UInt8) throws -> UInt8
  /// Receives one byte with no register (SMBus "receive byte"): a PCF8574's pins.
  func receive(address: UInt8) throws -> UInt8
}
