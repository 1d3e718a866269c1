/// Hexadecimal spelling: for messages about bus addresses, registers and escaped characters;
/// lower-case bytes and back for session identifiers, CSRF tokens and PBKDF2 hashes.
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

  /// `bytes` as lower-case hexadecimal.
  public static func string(_ bytes: [UInt8]) -> String {
    let digits = Array("0123456789abcdef".utf8)
    var result: [UInt8] = []
    result.reserveCapacity(bytes.count * 2)
    for byte in bytes {
      result.append(digits[Int(byte >> 4)])
      result.append(digits[Int(byte & 15)])
    }
    return String(decoding: result, as: UTF8.self)
  }

  /// The bytes of lower-case hexadecimal `text`; nil when it is empty, of odd length, or has
  /// another character.
  public static func bytes(_ text: Substring) -> [UInt8]? {
    let digits = Array(text.utf8)
    guard digits.count % 2 == 0, !digits.isEmpty else { return nil }
    func value(_ digit: UInt8) -> UInt8? {
      switch digit {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
      default: nil
      }
    }
    var result: [UInt8] = []
    var index = 0
    while index < digits.count {
      guard let high = value(digits[index]), let low = value(digits[index + 1]) else { return nil }
      result.append(high << 4 | low)
      index += 2
    }
    return result
  }
}
