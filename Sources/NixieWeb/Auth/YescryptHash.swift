import NixieSystem

/// A yescrypt password hash as /etc/shadow holds them on Debian — `$y$PARAMETERS$SALT$HASH`,
/// made and checked by libcrypt (`Libcrypt`) — what `nixie web --set-password` writes. The same
/// hash from `mkpasswd -m yescrypt` (package whois) works too.
///
/// yescrypt is memory-hard: every guess needs the hash's memory, as well as its time.
public struct YescryptHash: Hashable, Sendable, CustomStringConvertible {
  /// The stored form.
  public let description: String

  /// The cost of a new hash: 6, 32 MiB and about 40 ms of CPU a check on the development
  /// machine (2-core AMD EPYC; libcrypt's SSE2 code), where the PBKDF2 it replaces took 60
  /// (docs/PERFORMANCE.md has the figures). A Raspberry Pi Zero 2 W or Pi 3 (Cortex-A53 at
  /// 1 GHz, libcrypt's portable C code) is estimated 10 to 20 times slower: ~0.4 to 0.8 s, the
  /// figure logins had with PBKDF2 (~0.65 s, estimated the same way). Debian's own default, 5
  /// (16 MiB), would take half that; 7 would need 64 MiB, more than nixie-web.service allows
  /// the whole process (`MemoryMax=64M`). The check runs on `PasswordVerifier`'s thread.
  public static let defaultCost = 6

  /// The parameters libcrypt's `crypt_gensalt_rn` writes for the costs 1 to 6 (flags `j`,
  /// yescrypt's defaults; then N and r): a check takes 1, 2, 4, 8, 16 or 32 MiB. A stored hash
  /// must use one of them, so that no file can make a login take more memory than the service
  /// has. (The tests check this table against libcrypt.)
  public static let parameters = ["j75", "j85", "j7T", "j8T", "j9T", "jAT"]

  static let prefix = "$y$"
  /// crypt(3)'s base-64 alphabet.
  static let alphabet = Set("./0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz".utf8)

  /// Reads the stored form; nil when it is not one (or asks for more than cost 6).
  public init?(_ text: String) {
    let parts = text.utf8.split(separator: UInt8(ascii: "$"), omittingEmptySubsequences: false)
    // "", "y", parameters, salt (16 to 64 bytes: 22 to 86 characters), hash (32 bytes: 43).
    guard text.hasPrefix(Self.prefix), parts.count == 5,
      Self.parameters.contains(String(decoding: parts[2], as: UTF8.self)),
      (22...86).contains(parts[3].count), parts[4].count == 43,
      parts[3].allSatisfy(Self.alphabet.contains), parts[4].allSatisfy(Self.alphabet.contains)
    else { return nil }
    description = text
  }

  /// A new hash of `password` at `cost` (1 to 6), with 16 random bytes of salt from
  /// getrandom(2).
  public static func make(password: [UInt8], cost: Int = defaultCost, using libcrypt: Libcrypt)
    throws(SystemCallError) -> YescryptHash
  {
    guard Self.parameters.indices.contains(cost - 1) else {
      throw SystemCallError("crypt_gensalt_rn", errno: .invalidArgument)
    }
    let setting = try Libcrypt.setting(prefix: Self.prefix, cost: cost, random: try Random.bytes(16))
    let text = try libcrypt.hash(password, setting: setting)
    // libcrypt wrote something this type would not read back: refuse it rather than store it.
    guard let hash = YescryptHash(text) else {
      throw SystemCallError("crypt_r", subject: setting, errno: .invalidArgument)
    }
    return hash
  }

  /// Whether `password` is the one hashed: libcrypt hashes it under this hash's setting, and
  /// the result is compared with this one in constant time. False when libcrypt refuses it.
  public func verify(_ password: [UInt8], using libcrypt: Libcrypt) -> Bool {
    guard let computed = try? libcrypt.hash(password, setting: description) else { return false }
    return ConstantTime.equal(Array(computed.utf8), Array(description.utf8))
  }
}
