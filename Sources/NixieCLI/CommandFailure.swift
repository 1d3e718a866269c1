/// A failure a user can act on: the message `nixie` prints and the exit code of INTERFACE.md.
public struct CommandFailure: Error, Hashable, Sendable, CustomStringConvertible {
  /// The exit codes of INTERFACE.md.
  public enum Code: Int32, Sendable {
    case cancelled = 1
    case badUsage = 2
    case badConfiguration = 65
    case hardwareUnavailable = 69
    case internalError = 70
  }

  public let code: Code
  public let message: String

  public init(_ code: Code, _ message: String) {
    self.code = code
    self.message = message
  }

  public var description: String { message }
}
