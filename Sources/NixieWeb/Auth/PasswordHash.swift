import NixieSystem

/// `nixie web`'s password as stored in its configuration (`password-hash`), so the password
/// itself is never stored: a yescrypt hash (`$y$…`, what `--set-password` writes), or a
/// PBKDF2 hash nixie web 0.3.0 wrote (`pbkdf2-sha256$…`), which still verifies and is
/// replaced at the next login that passes (`PasswordRehash`).
public enum PasswordHash: Hashable, Sendable, CustomStringConvertible {
  case yescrypt(YescryptHash)
  case pbkdf2(PBKDF2Hash)

  /// The fewest characters a new password may have.
  public static let minimumCharacters = 8

  /// Reads the stored form; nil when it is neither kind.
  public init?(_ text: String) {
    if let hash = YescryptHash(text) {
      self = .yescrypt(hash)
    } else if let hash = PBKDF2Hash(text) {
      self = .pbkdf2(hash)
    } else {
      return nil
    }
  }

  /// Why `password` cannot be stored, in words; nil when it can: at least 8 characters, at most
  /// 511 bytes (libcrypt's limit), no NUL byte (C's end of a string).
  public static func refusal(of password: String) -> String? {
    if password.count < minimumCharacters {
      return "the password must have at least \(minimumCharacters) characters"
    }
    if password.utf8.count > Libcrypt.maximumPasswordBytes {
      return "the password is over \(Libcrypt.maximumPasswordBytes) bytes"
    }
    if password.utf8.contains(0) { return "the password contains a NUL character" }
    return nil
  }

  /// A new yescrypt hash of `password` at `cost` (tests ask for less than the default: cost 1
  /// takes 1 ms). Fails when getrandom(2) or libcrypt does (its errno says why).
  public static func make(
    password: String, cost: Int = YescryptHash.defaultCost, using libcrypt: Libcrypt = Libcrypt()
  ) throws(SystemCallError) -> PasswordHash {
    .yescrypt(try YescryptHash.make(password: Array(password.utf8), cost: cost, using: libcrypt))
  }

  /// Whether `password` is the one hashed: the slow check, on the caller's thread.
  public func verify(_ password: String, using libcrypt: Libcrypt = Libcrypt()) -> Bool {
    switch self {
    case .yescrypt(let hash): hash.verify(Array(password.utf8), using: libcrypt)
    case .pbkdf2(let hash): hash.verify(Array(password.utf8))
    }
  }

  /// Whether this is a kind nixie web no longer writes.
  public var isLegacy: Bool {
    if case .pbkdf2 = self { return true }
    return false
  }

  /// The stored form.
  public var description: String {
    switch self {
    case .yescrypt(let hash): hash.description
    case .pbkdf2(let hash): hash.description
    }
  }
}
