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

extension YAMLError {
  /// What nixie's files do not use, refused where it starts (`what`: "anchors ('&name')").
  static func unsupported(_ what: String, at mark: YAMLMark) -> YAMLError {
    YAMLError(
      "\(what) are not supported in nixie's files; quote the text if it starts with this character", at: mark)
  }

  static func directives(at mark: YAMLMark) -> YAMLError {
    YAMLError("directives ('%YAML', '%TAG') are not supported in nixie's files", at: mark)
  }

  static func explicitKey(at mark: YAMLMark) -> YAMLError {
    YAMLError(
      "explicit keys ('? ') are not supported in nixie's files; write 'key: value', and quote text "
        + "with a '?' inside [ ] or { }", at: mark)
  }
}
