/// A failure a user can act on: the message nixie prints and its kind, whose raw value is the
/// exit code of docs/INTERFACE.md (sysexits.h numbers where one fits).
///
/// Library entry points throw it when they know what the failure means to the user (a value
/// the board cannot show is bad usage, a file with a mistake bad configuration); lower layers
/// throw their own typed errors, which the entry point classifies. The command line prints
/// `nixie: <message>` and exits with the kind's code.
public struct NixieError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What kind of failure it is; the raw value is the exit code.
  public enum Kind: Int32, Hashable, Sendable, CaseIterable {
    /// Nothing was chosen, or a signal ended the command (`nixie select`, `nixie show`).
    case cancelled = 1
    /// A bad option or value; the message names it.
    case badUsage = 2
    /// A mistake in a configuration or board file (EX_DATAERR); the message has file:line:column.
    case badConfiguration = 65
    /// A missing device, a busy line, no permission, no clock listening (EX_UNAVAILABLE).
    case unavailable = 69
    /// Something that should not happen (EX_SOFTWARE).
    case internalError = 70
    /// A file nixie writes could not be written (EX_IOERR).
    case ioError = 74
    /// Busy for now: try again (EX_TEMPFAIL).
    case temporaryFailure = 75

    /// A few words for help texts.
    public var summary: String {
      switch self {
      case .cancelled: "cancelled"
      case .badUsage: "bad usage or value"
      case .badConfiguration: "bad configuration or board file"
      case .unavailable: "hardware or clock unavailable"
      case .internalError: "internal error"
      case .ioError: "output error"
      case .temporaryFailure: "busy, try again"
      }
    }
  }

  public let kind: Kind
  public let message: String

  /// Every exit code and what it means, for help texts: one home with the codes themselves.
  public static let exitCodeSummary =
    "0 success, "
    + Kind.allCases.map { "\($0.rawValue) \($0.summary)" }.joined(separator: ", ")

  public init(_ kind: Kind, _ message: String) {
    self.kind = kind
    self.message = message
  }

  /// The process's exit code for this failure.
  public var exitCode: Int32 { kind.rawValue }

  public var description: String { message }
}
