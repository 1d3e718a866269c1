/// Fields of an `application/x-www-form-urlencoded` body (the login form): `+` is a space,
/// `%XX` a byte; the value must be UTF-8.
public enum FormFields {
  /// The value of the first field `name`, or nil when it is missing or malformed.
  public static func value(of name: String, in body: [UInt8]) -> String? {
    for pair in body.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true) {
      let parts = pair.split(separator: UInt8(ascii: "="), maxSplits: 1, omittingEmptySubsequences: false)
      guard parts.count == 2, let key = decode(parts[0]), key == name else { continue }
      return decode(parts[1])
    }
    return nil
  }

  /// Percent-decoding; nil for a bad escape or bytes that are not UTF-8.
  static func decode(_ bytes: ArraySlice<UInt8>) -> String? {
    var result: [UInt8] = []
    var index = bytes.startIndex
    while index < bytes.endIndex {
      let byte = bytes[index]
      if byte == UInt8(ascii: "+") {
        result.append(32)
      } else if byte == UInt8(ascii: "%") {
        guard index + 2 < bytes.endIndex, let high = hex(bytes[index + 1]), let low = hex(bytes[index + 2])
        else {
          return nil
        }
        result.append(high << 4 | low)
        index += 2
      } else {
        result.append(byte)
      }
      index += 1
    }
    return String(validating: result, as: UTF8.self)
  }

  private static func hex(_ digit: UInt8) -> UInt8? {
    switch digit {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
    default: nil
    }
  }
}
