/// Writing JSON text by hand, so the display state keeps the member order of docs/INTERFACE.md.
public enum JSONText {
  /// `text` as a JSON string literal, escaped per RFC 8259.
  public static func quoted(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      case let s where s.value < 0x20:
        let hex = String(s.value, radix: 16)
        result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result + "\""
  }

  /// A JSON array of integers.
  public static func array(_ values: [Int]) -> String {
    "[" + values.map(String.init).joined(separator: ", ") + "]"
  }

  /// A JSON array of strings.
  public static func array(_ values: [String]) -> String {
    "[" + values.map(quoted).joined(separator: ", ") + "]"
  }

  /// A JSON array of values already written as JSON text.
  public static func array(json values: [String]) -> String {
    "[" + values.joined(separator: ", ") + "]"
  }

  /// A JSON object with `members` in this order; each value is already JSON text (use
  /// `quoted` for strings).
  public static func object(_ members: [(String, String)]) -> String {
    "{" + members.map { quoted($0.0) + ": " + $0.1 }.joined(separator: ", ") + "}"
  }
}
