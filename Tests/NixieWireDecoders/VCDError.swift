/// A Value Change Dump the decoders cannot read, with the line and column of the problem.
public struct VCDError: Error, Equatable, Sendable, CustomStringConvertible {
  public var line: Int
  public var column: Int
  public var message: String

  public init(line: Int, column: Int, message: String) {
    self.line = line
    self.column = column
    self.message = message
  }

  public var description: String { "line \(line), column \(column): \(message)" }

  /// `text` in quotes with control characters and non-ASCII bytes escaped, for messages.
  static func quoted(_ text: Substring) -> String {
    var result = "'"
    for scalar in text.unicodeScalars {
      if scalar.value >= 0x20 && scalar.value < 0x7F {
        result.unicodeScalars.append(scalar)
      } else {
        result += "\\u{\(String(scalar.value, radix: 16))}"
      }
    }
    return result + "'"
  }
}
