/// A display module with a controller of its own, talked to in fixed-size commands over SPI
/// with one chip-select per module (dekuNukem's exixe), as data: the command's layout and the
/// brightness levels each output takes. `ModuleCommandDriver` and the simulator read it.
public struct ModuleProtocol: Hashable, Sendable {
  /// The first byte of a command.
  public var header: UInt8
  /// The header that asks for overdrive (exixe: double cathode current).
  public var overdriveHeader: UInt8
  /// Bytes per command, header included.
  public var commandLength: Int
  /// Output k of a module is command byte `firstOutputByte + k`.
  public var firstOutputByte: Int
  /// The bit of a value byte that says "apply this value".
  public var applyBit: UInt8
  /// Brightness steps an output takes, 0 = off: 128 on an exixe (bits 0–6).
  public var levels: Int
  /// The command bytes of the module's LED, red, green, blue (its backlight).
  public var ledBytes: [Int]

  public init(
    header: UInt8, overdriveHeader: UInt8, commandLength: Int, firstOutputByte: Int, applyBit: UInt8,
    levels: Int, ledBytes: [Int]
  ) {
    self.header = header
    self.overdriveHeader = overdriveHeader
    self.commandLength = commandLength
    self.firstOutputByte = firstOutputByte
    self.applyBit = applyBit
    self.levels = levels
    self.ledBytes = ledBytes
  }

  /// exixe-14 (docs/BOARDS.md, "exixe-14"): 16 bytes, header 0xAA (0xAB: overdrive); bytes 1–9
  /// digits 1–9, 10 digit 0, 11 and 12 the left and right dot, 13–15 the LED; bit 7 of a value
  /// byte applies it, bits 0–6 are its brightness (0 = off, 127 = full).
  public static let exixe = ModuleProtocol(
    header: 0xAA, overdriveHeader: 0xAB, commandLength: 16, firstOutputByte: 1, applyBit: 0x80,
    levels: 128, ledBytes: [13, 14, 15])

  /// The brightest level.
  public var fullLevel: Int { levels - 1 }
}
