/// An I2C expander family as data: how many bytes of outputs a chip has, how a frame's bytes
/// are written, what is written once before a chip's first frame, and how to ask a chip
/// whether it is there without changing anything. The one place a family differs from another;
/// `ExpanderDriver` and `nixie doctor` read it.
public enum I2CExpander: String, Hashable, Sendable, CaseIterable {
  /// 16 outputs in two ports (GPA, GPB), written through registers (reference board 2).
  case mcp23017 = "MCP23017"
  /// 8 quasi-bidirectional outputs, written as one byte with no register.
  case pcf8574 = "PCF8574"

  /// How a chip's output bytes go on the bus.
  public enum LatchWrite: Hashable, Sendable {
    /// An SMBus "I2C block write" from this register (the bytes to consecutive registers).
    case registers(from: UInt8)
    /// An SMBus "send byte": the chip's whole port, no register.
    case sendByte
  }

  /// A write made once before a chip's first frame, and again after a failure (in case the
  /// chip was reset): the latches are written first, so the decoders never see power-on values.
  public struct Setup: Hashable, Sendable {
    public var register: UInt8
    public var bytes: [UInt8]
    /// What it does, for messages.
    public var purpose: String
  }

  /// A read that changes nothing, to see whether the chip answers.
  public enum Probe: Hashable, Sendable {
    /// SMBus "read byte data" of this register.
    case readRegister(UInt8)
    /// SMBus "receive byte".
    case receiveByte
  }

  /// The MCP23017's registers (IOCON.BANK = 0 addresses, the power-on state; datasheet).
  public enum MCP23017Register {
    public static let iodirA: UInt8 = 0x00
    public static let olatA: UInt8 = 0x14
  }

  /// Bytes of outputs per chip: each chip drives `8 × bytesPerChip` consecutive outputs.
  public var bytesPerChip: Int {
    switch self {
    case .mcp23017: 2
    case .pcf8574: 1
    }
  }

  /// How a frame's bytes are written: OLATA and OLATB in one transaction (sequential
  /// addressing is on at power-on), or the PCF8574's one byte.
  public var latchWrite: LatchWrite {
    switch self {
    case .mcp23017: .registers(from: MCP23017Register.olatA)
    case .pcf8574: .sendByte
    }
  }

  /// The MCP23017's pins are inputs at power-on: make them outputs (IODIRA, IODIRB = 0). The
  /// PCF8574's pins come up high, which a K155ID1 reads as BCD 15 (blank): nothing to do.
  public var setup: Setup? {
    switch self {
    case .mcp23017:
      Setup(
        register: MCP23017Register.iodirA, bytes: [0x00, 0x00],
        purpose: "make GPA/GPB outputs (IODIRA/IODIRB)")
    case .pcf8574: nil
    }
  }

  /// IODIRA of an MCP23017, the pins of a PCF8574.
  public var probe: Probe {
    switch self {
    case .mcp23017: .readRegister(MCP23017Register.iodirA)
    case .pcf8574: .receiveByte
    }
  }

  /// Whether the bus adapter must do SMBus I2C block writes.
  public var needsBlockWrites: Bool { latchWrite != .sendByte }
}
