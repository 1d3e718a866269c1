/// Why a time zone cannot be used: a name that is not a zone name, a zone the system lacks, a
/// zone file that is not a valid TZif file, a TZ rule that does not parse. The message names
/// the zone or file and the place in it (a byte offset, a column); text from outside is shown
/// with control characters escaped.
public struct ZoneError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What went wrong, for code that reacts to it.
  public enum Reason: Hashable, Sendable {
    /// The name breaks the rules for zone identifiers (a leading `/`, `..`, odd characters).
    case invalidName
    /// No zone of this name on this system.
    case unknownZone
    /// The zone file exists but cannot be read (the system's reason is in the message).
    case unreadable
    /// The file is longer than the reader accepts.
    case tooLarge
    /// Not a TZif file, or one whose header, counts, indices or data do not hold together.
    case malformedFile(byteOffset: Int)
    /// A valid TZif file this reader does not handle (leap-second `right/` zones, unknown versions).
    case unsupportedFile
    /// A POSIX TZ string (a file's footer or a TZ value) that does not parse.
    case invalidRule(column: Int)
  }

  public let reason: Reason
  public let description: String

  public init(_ reason: Reason, _ message: String) {
    self.reason = reason
    self.description = message
  }
}
