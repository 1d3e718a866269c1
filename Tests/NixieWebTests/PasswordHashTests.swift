import Glibc
import NixieSystem
import NixieTestSupport
import NixieText
import Testing

@testable import NixieWeb

/// yescrypt through libcrypt, against another producer of the same format: Perl's `crypt`
/// (perl-base, on every Debian system) checks the hashes nixie makes and makes hashes nixie
/// checks. What libcrypt refuses is an error, never a crash, and a password is never cut short
/// at a NUL byte.
struct PasswordHashTests {
  /// Perl's `crypt(PASSWORD, SETTING)` for each pair, both given in hexadecimal, so any byte
  /// passes; an empty line where crypt fails.
  static func perlCrypt(_ pairs: [([UInt8], String)]) throws -> [String] {
    let perl = try #require(ToolProcess.find("perl"), "perl is needed")
    let input = pairs.map { Hex.string($0.0) + " " + Hex.string(Array($0.1.utf8)) }
    let script =
      #"while (<STDIN>) { chomp; my ($p, $s) = map { pack("H*", $_) } split / /; print crypt($p, $s) // "", "\n" }"#
    let output = try ToolProcess.run(perl, ["-e", script], input: input.joined(separator: "\n") + "\n")
    return output.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
  }

  static let passwords = [
    "correct horse", "tube glow 1971", "  spaces around  ", "ünïcödé Nixie ☀ 数字管",
    String(repeating: "x", count: Libcrypt.maximumPasswordBytes),
  ]

  @Test func aHashNixieMakesVerifiesInPerlsCrypt() throws {
    let hashes = try Self.passwords.map { password throws in
      try PasswordHash.make(password: password, cost: 1)
    }
    var pairs: [([UInt8], String)] = []
    var wrong: [([UInt8], String)] = []
    for (password, hash) in zip(Self.passwords, hashes) {
      pairs.append((Array(password.utf8), hash.description))
      wrong.append((Array((password + "!").utf8), hash.description))
    }
    let perl = try Self.perlCrypt(pairs + wrong)
    try #require(perl.count == 2 * hashes.count)
    for (index, hash) in hashes.enumerated() {
      #expect(hash.description.hasPrefix("$y$j75$"))
      #expect(perl[index] == hash.description, "\(Self.passwords[index].prefix(20))")
      #expect(perl[hashes.count + index] != hash.description)
      #expect(hash.verify(Self.passwords[index]))
    }
    // A new salt every time.
    let again = try PasswordHash.make(password: Self.passwords[0], cost: 1)
    #expect(again != hashes[0])
  }

  /// Settings written by hand (each parameter set nixie accepts, a 22-character salt):
  /// Perl hashes the passwords, nixie reads those hashes, verifies the right password and
  /// refuses a wrong one, and libcrypt under nixie computes the very same text.
  @Test func aHashPerlMakesVerifiesHere() throws {
    var pairs: [([UInt8], String)] = []
    for parameters in YescryptHash.parameters {
      for password in Self.passwords.prefix(4) {
        pairs.append((Array(password.utf8), "$y$\(parameters)$LdJMENpBABJJ3hIHjB1Bi."))
      }
    }
    let perl = try Self.perlCrypt(pairs)
    try #require(perl.count == pairs.count)
    let libcrypt = Libcrypt()
    for ((password, setting), text) in zip(pairs, perl) {
      let hash = try #require(PasswordHash(text), "\(text)")
      let right = String(decoding: password, as: UTF8.self)
      #expect(hash.verify(right, using: libcrypt))
      #expect(!hash.verify(right + " ", using: libcrypt))
      #expect(!hash.isLegacy)
      #expect(try libcrypt.hash(password, setting: setting) == text)
    }
  }

  /// The parameters a stored hash may have are exactly what libcrypt's crypt_gensalt_rn
  /// writes for costs 1 to 6; cost 7 (64 MiB) is refused.
  @Test func theAcceptedParametersAreLibcryptsCostsOneToSix() throws {
    let random = [UInt8](repeating: 7, count: 16)
    for cost in 1...7 {
      let setting = try Libcrypt.setting(prefix: "$y$", cost: cost, random: random)
      let parameters = String(setting.split(separator: "$")[1])
      #expect(YescryptHash.parameters.contains(parameters) == (cost <= 6), "cost \(cost): \(setting)")
      if cost <= 6 { #expect(YescryptHash.parameters[cost - 1] == parameters) }
    }
    let fresh = try PasswordHash.make(password: "new clock password")
    #expect(fresh.description.hasPrefix("$y$jAT$"))
    #expect(YescryptHash.defaultCost == 6)
  }

  /// C ends a string at NUL: "abcdefgh\0anything" would hash as "abcdefgh". nixie refuses such
  /// a password instead, so it never matches a hash of its first part.
  @Test func aPasswordIsNeverCutShortAtANulByte() throws {
    let hash = try PasswordHash.make(password: "abcdefgh", cost: 1)
    #expect(hash.verify("abcdefgh"))
    #expect(!hash.verify("abcdefgh\u{0}anything"))
    #expect(throws: SystemCallError.self) { try PasswordHash.make(password: "abcdefgh\u{0}x", cost: 1) }
    #expect(PasswordHash.refusal(of: "abcdefgh\u{0}x") == "the password contains a NUL character")
  }

  static let refusals: [(String, String?)] = [
    ("seven 7", "the password must have at least 8 characters"),
    ("eight 88", nil),
    ("ünïcödé!", nil),
    (String(repeating: "é", count: 255) + "x", nil),
    (String(repeating: "é", count: 256), "the password is over 511 bytes"),
  ]

  @Test(arguments: refusals)
  func whatAPasswordMayBe(_ password: String, _ refusal: String?) {
    #expect(PasswordHash.refusal(of: password) == refusal)
  }

  /// libcrypt's refusals come back as errors with its errno: a password too long (ERANGE), a
  /// method it does not know, a cost or a number of random bytes out of range (EINVAL).
  @Test func whatLibcryptRefusesIsAnErrorNotACrash() throws {
    let libcrypt = Libcrypt()
    let long = [UInt8](repeating: 120, count: Libcrypt.maximumPasswordBytes + 1)
    #expect(throws: SystemCallError("crypt_r", errno: ERANGE)) {
      try libcrypt.hash(long, setting: "$y$j75$LdJMENpBABJJ3hIHjB1Bi.")
    }
    #expect(throws: SystemCallError("crypt_r", errno: EINVAL)) {
      try libcrypt.hash(Array("password".utf8), setting: "$z$nothing")
    }
    #expect(throws: SystemCallError("crypt_gensalt_rn", errno: EINVAL)) {
      try Libcrypt.setting(prefix: "$y$", cost: 12, random: [UInt8](repeating: 1, count: 16))
    }
    #expect(throws: SystemCallError("crypt_gensalt_rn", errno: EINVAL)) {
      try Libcrypt.setting(prefix: "$y$", cost: 5, random: [UInt8](repeating: 1, count: 8))
    }
    for cost in [0, 7, -1] {
      #expect(throws: SystemCallError.self) { try PasswordHash.make(password: "password", cost: cost) }
    }
    // A hash checks a password libcrypt refuses as wrong.
    let hash = try PasswordHash.make(password: "password", cost: 1)
    #expect(!hash.verify(String(decoding: long, as: UTF8.self)))
  }
}
