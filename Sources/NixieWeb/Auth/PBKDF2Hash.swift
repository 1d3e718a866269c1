import NixieText

/// A password hash as nixie web 0.3.0 wrote them: PBKDF2-HMAC-SHA256 with a random salt,
/// `pbkdf2-sha256$ITERATIONS$SALT$HASH` (salt and hash in hexadecimal). Such a hash still
/// verifies — in Swift (`PBKDF2`), as libcrypt has no PBKDF2 — and is replaced by a yescrypt one
/// at the next login that passes (`PasswordRehash`); nothing makes new ones.
public struct PBKDF2Hash: Hashable, Sendable, CustomStringConvertible {
  public let iterations: Int
  public let salt: [UInt8]
  public let hash: [UInt8]

  /// What a stored hash may ask for: enough to be slow, not so many that a login takes minutes.
  /// nixie web wrote 60 000, then 120 000.
  public static let iterationRange = 1_000...5_000_000
  static let prefix = "pbkdf2-sha256"

  public init(iterations: Int, salt: [UInt8], hash: [UInt8]) {
    self.iterations = iterations
    self.salt = salt
    self.hash = hash
  }

  /// Reads the stored form; nil when it is not one.
  public init?(_ text: String) {
    let parts = text.split(separator: "$", omittingEmptySubsequences: false)
    guard parts.count == 4, parts[0] == Self.prefix, let iterations = Int(parts[1]),
      Self.iterationRange.contains(iterations), let salt = Hex.bytes(parts[2]), salt.count >= 8,
      let hash = Hex.bytes(parts[3]), hash.count == SHA256.digestBytes
    else { return nil }
    self.init(iterations: iterations, salt: salt, hash: hash)
  }

  /// Whether `password` is the one hashed (compared in constant time).
  public func verify(_ password: [UInt8]) -> Bool {
    ConstantTime.equal(PBKDF2.derive(password: password, salt: salt, iterations: iterations), hash)
  }

  /// The stored form.
  public var description: String {
    "\(Self.prefix)$\(iterations)$\(Hex.string(salt))$\(Hex.string(hash))"
  }
}
