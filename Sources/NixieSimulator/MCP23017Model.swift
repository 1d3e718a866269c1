import NixieText

/// An MCP23017 16-bit I2C expander, modelled from its datasheet at the register level.
///
/// The register map is the power-on one (IOCON.BANK = 0): A and B registers alternate, from
/// IODIRA at 0x00 to OLATB at 0x15. The first byte of a write transaction sets the address
/// pointer; each further byte goes to the register it points at, and the pointer moves on
/// (sequential operation, IOCON.SEQOP = 0; it wraps from 0x15 to 0x00) unless SEQOP is set.
/// Writing GPIO writes OLAT. A pin drives its OLAT bit only when IODIR makes it an output
/// (IODIR powers up as 0xFF: all inputs); an input pin is not driven, and the TTL input of a
/// K155ID1 behind it floats high. So the simulator shows what the register bytes really do.
public final class MCP23017Model: SimulatedExpander {
  /// The registers of the IOCON.BANK = 0 map, by address.
  public enum Register: UInt8, CaseIterable, Sendable {
    case iodirA = 0x00, iodirB, ipolA, ipolB, gpintenA, gpintenB, defvalA, defvalB
    case intconA, intconB, iocon, ioconAlias, gppuA, gppuB, intfA, intfB
    case intcapA, intcapB, gpioA, gpioB, olatA, olatB

    /// The datasheet's name, e.g. `OLATA`.
    public var name: String {
      self == .ioconAlias ? "IOCON" : String(describing: self).uppercased()
    }
  }

  public let pinCount = 16
  /// Register contents, indexed by address (IOCON appears at 0x0A and 0x0B).
  public private(set) var registers: [UInt8]
  public var violations: [String] { violationLog.messages }
  private var violationLog = ViolationLog()
  private var pointer: UInt8 = 0

  /// A chip just after power-on: every pin an input, latches 0.
  public init() {
    registers = Array(repeating: 0, count: Register.allCases.count)
    registers[Int(Register.iodirA.rawValue)] = 0xFF
    registers[Int(Register.iodirB.rawValue)] = 0xFF
  }

  public subscript(register: Register) -> UInt8 { registers[Int(register.rawValue)] }

  public var pins: UInt16 {
    func port(_ iodir: Register, _ olat: Register) -> UInt16 {
      UInt16((self[olat] & ~self[iodir]) | self[iodir])
    }
    return port(.iodirA, .olatA) | port(.iodirB, .olatB) << 8
  }

  public func receive(_ bytes: [UInt8]) {
    guard let first = bytes.first else { return }
    guard Int(first) < registers.count else {
      violationLog.record("MCP23017: register address \(Hex.byte(first)) does not exist (IOCON.BANK = 0)")
      return
    }
    pointer = first
    for byte in bytes.dropFirst() {
      store(byte, at: pointer)
      advance()
    }
  }

  public func transmit(count: Int) -> [UInt8] {
    (0..<count).map { _ in
      let value = load(pointer)
      advance()
      return value
    }
  }

  private func store(_ value: UInt8, at address: UInt8) {
    guard let register = Register(rawValue: address) else { return }
    switch register {
    case .intfA, .intfB, .intcapA, .intcapB:
      violationLog.record("MCP23017: \(register.name) is read-only; the write was ignored")
    case .gpioA: registers[Int(Register.olatA.rawValue)] = value
    case .gpioB: registers[Int(Register.olatB.rawValue)] = value
    case .iocon, .ioconAlias:
      if value & 0x80 != 0 {
        violationLog.record("MCP23017: IOCON.BANK = 1 moves every register; the model keeps BANK = 0")
      }
      registers[Int(Register.iocon.rawValue)] = value & 0x7F
      registers[Int(Register.ioconAlias.rawValue)] = value & 0x7F
    default: registers[Int(address)] = value
    }
  }

  private func load(_ address: UInt8) -> UInt8 {
    switch Register(rawValue: address) {
    case .gpioA: UInt8(truncatingIfNeeded: pins)
    case .gpioB: UInt8(truncatingIfNeeded: pins >> 8)
    default: registers[Int(address)]
    }
  }

  /// Moves the address pointer on, unless IOCON.SEQOP turned sequential operation off.
  private func advance() {
    guard self[.iocon] & 0x20 == 0 else { return }
    pointer = (pointer + 1) % UInt8(registers.count)
  }
}
