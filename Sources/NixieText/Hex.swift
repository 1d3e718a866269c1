/// Hexadecimal spelling for messages about bus addresses, registers and escaped characters.
public enum Hex {
  /// `0x20`: two lower-case digits after `0x`.
  public static func byte(_ value: UInt8) -> String {
    let digits = String(value, radix: 16)
    return "0x" + (digits.count < 2 ? "0" + digits : digits)
  }

  /// `1B`: upper-case digits, at least two, no prefix.
  public static func digits(_ value: UInt32) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return digits.count < 2 ? "0" + digits : digits
  }
}
