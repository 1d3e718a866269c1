import NixieText

/// Why a tune was refused: where in its text (1-based line and column, in characters) and what
/// was wrong. Values from the text are quoted through `Printable`, never echoed raw.
public struct TuneError: Error, Hashable, Sendable, CustomStringConvertible {
  public var line: Int
  public var column: Int
  public var message: String

  public init(line: Int = 1, column: Int, message: String) {
    self.line = line
    self.column = column
    self.message = message
  }

  public var description: String { "\(line):\(column): \(message)" }
}
