/// Why a text is not a YAML document nixie reads, with the place of the problem. The message
/// names characters the reader cannot see (`\u{1B}`) rather than printing them.
public struct YAMLError: Error, Hashable, Sendable, CustomStringConvertible {
  public let mark: YAMLMark
  /// What is wrong, in one sentence.
  public let message: String

  public init(_ message: String, at mark: YAMLMark) {
    self.mark = mark
    self.message = message
  }

  public var line: Int { mark.line }
  public var column: Int { mark.column }

  /// `line:column: message`.
  public var description: String { "\(mark): \(message)" }
}
