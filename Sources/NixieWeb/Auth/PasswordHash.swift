import NixieSystem

/// `nixie web`'s password as stored in its configuration: PBKDF2-HMAC-SHA256 with a random
/// salt, written `pbkdf2-sha256$ITERATIONS$SALT$HASH` (salt and hash in hexadecimal), so the
/// password itself is never stored, and guessing it costs `iterations` HMACs a try.
public struct PasswordHash: Hashable, Sendable, CustomStringConvertible {
  public let iterations: Int
  public let salt: [UInt8]
  public let hash: [UInt8]

  /// The iterations of a new hash: 120 000, a fifth of OWASP's 2023 figure for
  /// PBKDF2-HMAC-SHA256 (600 000), chosen so a login stays under about a second on the smallest
  /// boards nixie runs on.
  ///
  /// Measured (`PBKDF2` in a release build, CPU time of one hash, on the 2-core AMD EPYC
  /// development machine): 0.53 µs an iteration — 60 000 take 32 ms, 120 000 64 ms, 600 000
  /// 320 ms; a debug build is about 30 times slower (60 000: 1.05 s). A Raspberry Pi Zero 2 W
  /// or Pi 3 (Cortex-A53, no SHA instructions) is about 10 times slower than this machine:
  /// 120 000 take ~0.65 s there, OWASP's 600 000 would take ~3.2 s — a login that long ties up
  /// a core and invites users to switch the password off. What guessing costs besides: five
  /// tries a minute from one address, thirty in all (`LoginLimiter`), so the count matters for
  /// an offline attack on a stolen `web.yaml` (mode 0640, group nixie) only. On a faster board,
  /// raise it: a stored hash carries its own count (`pbkdf2-sha256$ITERATIONS$…`), so hashes made
  /// with another count — 60 000 before — still verify; `--set-password` writes the new one.
  /// The check runs on `PasswordVerifier`'s thread, never the server's.
  public static let defaultIterations = 120_000
  /// What a stored hash may ask for: enough to be slow, not so many that a login takes minutes.
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
      Self.iterationRange.contains(iterations), let salt = Self.bytes(hex: parts[2]), salt.count >= 8,
      let hash = Self.bytes(hex: parts[3]), hash.count == SHA256.digestBytes
    else { return nil }
    self.init(iterations: iterations, salt: salt, hash: hash)
  }

  /// A new hash of `password` with 16 random bytes of salt.
  public static func make(password: String, iterations: Int = defaultIterations) throws(SystemCallError)
    -> PasswordHash
  {
    let salt = try Random.bytes(16)
    return PasswordHash(
      iterations: iterations, salt: salt,
      hash: PBKDF2.derive(password: Array(password.utf8), salt: salt, iterations: iterations))
  }

  /// Whether `password` is the one hashed (compared in constant time).
  public func verify(_ password: String) -> Bool {
    HMAC.constantTimeEqual(
      PBKDF2.derive(password: Array(password.utf8), salt: salt, iterations: iterations), hash)
  }

  /// The stored form.
  public var description: String {
    "\(Self.prefix)$\(iterations)$\(Self.hex(salt))$\(Self.hex(hash))"
  }

  /// Lower-case hexadecimal.
  public static func hex(_ bytes: [UInt8]) -> String {
    let digits = Array("0123456789abcdef".utf8)
    var result: [UInt8] = []
    result.reserveCapacity(bytes.count * 2)
    for byte in bytes {
      result.append(digits[Int(byte >> 4)])
      result.append(digits[Int(byte & 15)])
    }
    return String(decoding: result, as: UTF8.self)
  }

  static func bytes(hex text: Substring) -> [UInt8]? {
    let digits = Array(text.utf8)
    guard digits.count % 2 == 0, !digits.isEmpty else { return nil }
    func value(_ digit: UInt8) -> UInt8? {
      switch digit {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
      default: nil
      }
    }
    var result: [UInt8] = []
    var index = 0
    while index < digits.count {
      guard let high = value(digits[index]), let low = value(digits[index + 1]) else { return nil }
      result.append(high << 4 | low)
      index += 2
    }
    return result
  }
}
