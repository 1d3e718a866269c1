/// One 16-byte exixe command as the module's firmware reads it (BOARDS.md, "exixe"): a header
/// (0xAA, or 0xAB for overdrive), then fifteen value bytes, each applied only when its bit 7
/// (EN) is set, bits 0–6 the brightness (0 = off, 127 = full).
public struct ExixeCommand: Sendable, Equatable {
  /// The module's field of each value byte, in byte order 1…15.
  public enum Field: Sendable, Equatable, Hashable {
    /// Digit 1…9 (bytes 1–9) or 0 (byte 10).
    case digit(Int)
    case leftDot
    case rightDot
    case red
    case green
    case blue

    /// The field of value byte `index` (1–15).
    static func of(byte index: Int) -> Field {
      switch index {
      case 1...9: .digit(index)
      case 10: .digit(0)
      case 11: .leftDot
      case 12: .rightDot
      case 13: .red
      case 14: .green
      default: .blue
      }
    }
  }

  /// Bit 0 of the header: the module doubles the cathode current (exixe-14 only).
  public var overdrive: Bool
  /// The values to apply, by field; a field whose EN bit is clear keeps its value.
  public var updates: [Field: Int]

  public init(overdrive: Bool, updates: [Field: Int]) {
    self.overdrive = overdrive
    self.updates = updates
  }

  /// The command in `bytes`, or nil when the header is neither 0xAA nor 0xAB: the module's
  /// firmware resets itself on such a command (`HAL_NVIC_SystemReset`).
  public init?(bytes: [UInt8]) throws(WireDecodeError) {
    guard bytes.count == 16 else {
      throw WireDecodeError("an exixe command is 16 bytes, not \(bytes.count)")
    }
    guard bytes[0] & 0xFE == 0xAA else { return nil }
    overdrive = bytes[0] & 1 == 1
    var updates: [Field: Int] = [:]
    for index in 1...15 where bytes[index] & 0x80 != 0 {
      updates[.of(byte: index)] = Int(bytes[index] & 0x7F)
    }
    self.updates = updates
  }
}
