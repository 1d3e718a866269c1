/// A place in a YAML text, as an editor shows it: the 1-based line, and the 1-based column
/// counted in characters (what a reader sees as one character, not bytes). A byte order mark
/// at the start of the text takes no column.
public struct YAMLMark: Hashable, Sendable, CustomStringConvertible {
  public let line: Int
  public let column: Int

  public init(line: Int, column: Int) {
    self.line = line
    self.column = column
  }

  /// `line:column`.
  public var description: String { "\(line):\(column)" }
}
