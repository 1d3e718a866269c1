/// A malformed simulator input script: the line (1-based) and what is wrong with it.
public struct InputScriptError: Error, Hashable, Sendable, CustomStringConvertible {
  public let line: Int
  public let message: String

  public init(line: Int, _ message: String) {
    self.line = line
    self.message = message
  }

  /// `line 3: …`; the command line prefixes the file name (`FILE:3: …`).
  public var description: String { "line \(line): \(message)" }
}
