import NixieYAML

/// A YAML file nixie reads — a board profile, nixie.yaml and its overrides, web.yaml,
/// mqtt.yaml — that cannot be used, with the file and line to fix. `nixie` exits 65.
public struct YAMLFileError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The file as the user named it, or `<built-in NAME>`.
  public let file: String
  /// 1-based line and column, when the problem has a place in the file.
  public let line: Int?
  public let column: Int?
  /// What is wrong, in one sentence.
  public let message: String

  public init(file: String, line: Int?, column: Int?, message: String) {
    self.file = file
    self.line = line
    self.column = column
    self.message = message
  }

  /// `file:line:column: message`, as compilers write it (editors jump to the place). A
  /// control character from the file or its name is shown as `\u{1B}`, never printed.
  public var description: String { describe(placed: true) }

  /// The message with its place in front (`description`), or without it when `placed` is
  /// false (for a problem whose place is the request that caused it); escaped either way.
  public func describe(placed: Bool) -> String {
    guard placed else { return YAMLText.visible(message) }
    var place = file
    if let line { place += ":\(line)" }
    if let line, line > 0, let column { place += ":\(column)" }
    return YAMLText.visible("\(place): \(message)")
  }
}
