/// A login that passed the rate limit and the form check, waiting for its password to be
/// checked. Prints without the password, so it cannot reach a log by accident.
public struct LoginAttempt: Hashable, Sendable, CustomStringConvertible, CustomDebugStringConvertible {
  let hash: PasswordHash
  let password: String

  /// Whether the password is right: the slow check, on the caller's thread.
  public func verify() -> Bool { hash.verify(password) }

  public var description: String { "a login attempt" }
  public var debugDescription: String { description }
}
