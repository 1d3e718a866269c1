import NixieText

/// Why a `--format` pattern cannot be a clock face: a letter that is not a supported field,
/// a field width that does not exist, or a face the board cannot show.
public struct FacePatternError: Error, Hashable, Sendable, CustomStringConvertible {
  public let pattern: String
  public let message: String

  public var description: String { "format \(Printable.quoted(pattern)): \(message)" }
}
