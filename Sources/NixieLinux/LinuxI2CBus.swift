import CI2C
import Glibc
import NixieSystem
import NixieText
import NixieTransports

/// An I2C bus through i2c-dev (`/dev/i2c-N`) and libi2c's SMBus helpers.
///
/// The target address is chosen with the `I2C_SLAVE` ioctl when it changes; each method is
/// one SMBus transaction. Failures are `HardwareError`s: a NACK (ENXIO, EREMOTEIO) or a bus
/// error (EIO, ETIMEDOUT) is transient, so the drivers' retry policy applies to it.
public final class LinuxI2CBus: I2CBus {
  public let path: String
  /// What the adapter can do (`I2C_FUNCS`), as `I2C_FUNC_*` bits.
  public let functionality: UInt
  /// Transactions made, failed ones included.
  public private(set) var transactionCount = 0
  private let descriptor: Int32
  private var selected: UInt8?

  /// Opens the bus device node and reads the adapter's functionality.
  public init(path: String) throws(HardwareError) {
    self.path = path
    do throws(SystemCallError) {
      descriptor = try SystemCall.openReadWrite(path)
    } catch {
      throw HardwareError(error.errno, transport: .i2c, device: path, operation: "open", phase: .open)
    }
    var functions: UInt = 0
    do throws(SystemCallError) {
      try SystemCall.ioctl(descriptor, UInt(I2C_FUNCS), &functions)
    } catch {
      SystemCall.close(descriptor)
      throw HardwareError(
        error.errno, transport: .i2c, device: path, operation: "read the adapter's functions (I2C_FUNCS)",
        phase: .configure)
    }
    functionality = functions
  }

  deinit { SystemCall.close(descriptor) }

  /// Whether the adapter can do the SMBus "I2C block write" the MCP23017 driver uses.
  public var supportsBlockWrites: Bool { functionality & UInt(I2C_FUNC_SMBUS_WRITE_I2C_BLOCK) != 0 }

  public func write(address: UInt8, register: UInt8, bytes: [UInt8]) throws {
    try transaction(address, "write \(bytes.count) bytes from register \(Hex.byte(register))") {
      i2c_smbus_write_i2c_block_data(descriptor, register, UInt8(clamping: bytes.count), bytes)
    }
  }

  public func send(address: UInt8, byte: UInt8) throws {
    try transaction(address, "send the byte \(Hex.byte(byte))") {
      i2c_smbus_write_byte(descriptor, byte)
    }
  }

  public func read(address: UInt8, register: UInt8) throws -> UInt8 {
    UInt8(
      truncatingIfNeeded: try transaction(address, "read register \(Hex.byte(register))") {
        i2c_smbus_read_byte_data(descriptor, register)
      })
  }

  public func receive(address: UInt8) throws -> UInt8 {
    UInt8(
      truncatingIfNeeded: try transaction(address, "receive a byte") {
        i2c_smbus_read_byte(descriptor)
      })
  }

  /// Points the bus at `address` (`I2C_SLAVE`) unless it already is.
  public func select(_ address: UInt8) throws(HardwareError) {
    guard selected != address else { return }
    do throws(SystemCallError) {
      try SystemCall.ioctl(descriptor, UInt(I2C_SLAVE), value: Int32(address))
    } catch {
      throw HardwareError(
        error.errno, transport: .i2c, device: path, operation: "address \(Hex.byte(address)) (I2C_SLAVE)",
        phase: .configure,
        detail: error.errno == .busy ? "a kernel driver has claimed \(Hex.byte(address))" : nil)
    }
    selected = address
  }

  /// One SMBus transaction with the device at `address`; libi2c returns -errno on failure.
  @discardableResult
  private func transaction(_ address: UInt8, _ what: String, _ call: () -> Int32) throws(HardwareError)
    -> Int32
  {
    try select(address)
    transactionCount += 1
    do throws(SystemCallError) {
      return try SystemCall.runNegativeErrno("i2c", call)
    } catch {
      throw HardwareError(
        error.errno, transport: .i2c, device: path, operation: "\(what) at \(Hex.byte(address))",
        phase: .transfer)
    }
  }
}
