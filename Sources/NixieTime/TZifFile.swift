/// One TZif file (RFC 8536, versions 1 to 4) as read: the table of transitions, the local time
/// types they switch to, and the footer's TZ rule for instants after the table. Parsing checks
/// every count and index against the file's length, so a truncated or hostile file is a
/// `ZoneError`, never a trap, and nothing is allocated beyond what the file's bytes can fill.
public struct TZifFile: Hashable, Sendable {
  /// Files longer than this are refused (real zone files are 100 bytes to 4 KiB).
  public static let maximumSize = 256 * 1024

  /// 1 to 4, from the header (a version 1 file has no footer and 32-bit times).
  public let version: Int
  /// The instants (Unix seconds) at which the local time type changes, strictly ascending.
  public let transitions: [Int64]
  /// For each transition, the index in `types` of the type from then on.
  public let transitionTypes: [UInt8]
  /// The local time types; the first applies before the first transition.
  public let types: [LocalTimeType]
  /// The footer's rule for instants after the last transition; nil when the footer is empty
  /// (or, in a version 1 file, absent).
  public let rule: PosixTimeZoneRule?

  /// Parses `bytes`; `name` (a zone identifier or a path) is what error messages call the file.
  public init(parsing bytes: [UInt8], name: String) throws(ZoneError) {
    var parser = TZifParser(bytes: bytes, name: name)
    self = try parser.parse()
  }

  init(
    version: Int, transitions: [Int64], transitionTypes: [UInt8], types: [LocalTimeType],
    rule: PosixTimeZoneRule?
  ) {
    self.version = version
    self.transitions = transitions
    self.transitionTypes = transitionTypes
    self.types = types
    self.rule = rule
  }
}
