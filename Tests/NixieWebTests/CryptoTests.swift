import NixieTestSupport
import NixieText
import NixieWeb
import Testing

/// The Swift SHA-256, HMAC-SHA256 and PBKDF2-HMAC-SHA256 that check the password hashes nixie
/// web 0.3.0 stored (libcrypt has no PBKDF2), against the published vectors (FIPS 180-4's
/// examples, RFC 4231, RFC 7914 § 11) and against Python's hashlib and hmac on messages of
/// every length around the block boundaries.
struct CryptoTests {
  static func hex(_ bytes: [UInt8]) -> String { Hex.string(bytes) }

  @Test(arguments: [
    ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
    ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
    (
      "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
      "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
    ),
  ])
  func sha256MatchesTheStandardsExamples(_ message: String, _ digest: String) {
    #expect(Self.hex(SHA256.hash(Array(message.utf8))) == digest)
  }

  @Test(arguments: [
    (
      [UInt8](repeating: 0x0B, count: 20), Array("Hi There".utf8),
      "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7"
    ),
    (
      Array("Jefe".utf8), Array("what do ya want for nothing?".utf8),
      "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"
    ),
    (
      [UInt8](repeating: 0xAA, count: 20), [UInt8](repeating: 0xDD, count: 50),
      "773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe"
    ),
    (
      [UInt8](repeating: 0xAA, count: 131),
      Array("Test Using Larger Than Block-Size Key - Hash Key First".utf8),
      "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54"
    ),
  ])
  func hmacMatchesRFC4231(_ key: [UInt8], _ message: [UInt8], _ mac: String) {
    #expect(Self.hex(HMAC.authenticationCode(message, key: key)) == mac)
  }

  @Test(arguments: [
    (
      "passwd", "salt", 1, 64,
      "55ac046e56e3089fec1691c22544b605f94185216dde0465e68b9d57c20dacbc49ca9cccf179b645991664b39d77ef317c71b845b1e30bd509112041d3a19783"
    ),
    ("password", "salt", 1, 32, "120fb6cffcf8b32c43e7225256c4f837a86548c92ccc35480805987cb70be17b"),
    ("password", "salt", 4096, 32, "c5e478d59288c841aa530db6845c4c8d962893a001ce4e11a4963873aa98134a"),
  ])
  func pbkdf2MatchesPublishedVectors(
    _ password: String, _ salt: String, _ iterations: Int, _ length: Int, _ key: String
  ) {
    let derived = PBKDF2.derive(
      password: Array(password.utf8), salt: Array(salt.utf8), iterations: iterations, length: length)
    #expect(Self.hex(derived) == key)
  }

  /// Messages of every length from 0 to 200 bytes (across the 55/56/64-byte padding edges)
  /// and a few long ones, keys short and longer than a block: Python computes the same.
  @Test func everythingAgreesWithPythonsHashlib() throws {
    let python = try #require(ToolProcess.find("python3"), "python3 is needed")
    var random = SplitMix64(state: 18)
    var cases: [(key: [UInt8], message: [UInt8])] = []
    for length in Array(0...200) + [511, 512, 513, 1000, 4097] {
      let message = (0..<length).map { _ in UInt8.random(in: 0...255, using: &random) }
      let key = (0..<Int.random(in: 0...150, using: &random)).map { _ in
        UInt8.random(in: 0...255, using: &random)
      }
      cases.append((key, message))
    }
    let input = cases.map { Self.hex($0.key) + " " + Self.hex($0.message) }.joined(separator: "\n")
    let script = """
      import hashlib, hmac, sys
      for line in sys.stdin.read().split("\\n"):
          key, message = (bytes.fromhex(part) for part in line.split(" "))
          print(hashlib.sha256(message).hexdigest(), hmac.new(key, message, hashlib.sha256).hexdigest(),
                hashlib.pbkdf2_hmac("sha256", message, key, 3, 40).hex())
      """
    let lines = try ToolProcess.run(python, ["-c", script], input: input).split(separator: "\n")
    try #require(lines.count == cases.count)
    for (testCase, line) in zip(cases, lines) {
      let ours = [
        Self.hex(SHA256.hash(testCase.message)),
        Self.hex(HMAC.authenticationCode(testCase.message, key: testCase.key)),
        Self.hex(PBKDF2.derive(password: testCase.message, salt: testCase.key, iterations: 3, length: 40)),
      ].joined(separator: " ")
      #expect(ours == String(line), "length \(testCase.message.count)")
    }
  }

  /// A hash nixie web 0.3.0 stored still verifies: Python's hashlib made this one (60 000
  /// iterations, the count before 120 000), and the stored form reads back as it was written.
  @Test func aPBKDF2HashNixie030StoredStillVerifies() throws {
    let text =
      "pbkdf2-sha256$60000$101112131415161718191a1b1c1d1e1f$"
      + "65a74f29a8cc5df0652f072d512295320a94a162cf96fffe80bf3754b13b6726"
    let stored = try #require(PasswordHash(text))
    guard case .pbkdf2(let pbkdf2) = stored else {
      Issue.record("\(stored) is not read as PBKDF2")
      return
    }
    #expect(pbkdf2.iterations == 60_000)
    #expect(stored.isLegacy)
    #expect(stored.description == text)
    #expect(stored.verify("old clock password"))
    #expect(!stored.verify("old clock passwort"))
  }

  static let salt = String(repeating: "a", count: 22)
  static let digest = String(repeating: "b", count: 43)
  static let pbkdf2Hash = String(repeating: "ab", count: 32)
  /// Neither a PBKDF2 hash nixie web wrote nor a yescrypt hash it accepts.
  static let malformed: [String] = [
    "", "pbkdf2-sha256", "pbkdf2-sha256$1000$00112233445566778899$" + String(repeating: "ab", count: 31),
    "pbkdf2-sha1$1000$0011223344556677$" + pbkdf2Hash,
    "pbkdf2-sha256$10$0011223344556677$" + pbkdf2Hash,
    "pbkdf2-sha256$99999999999$0011223344556677$" + pbkdf2Hash,
    "pbkdf2-sha256$1000$0011$" + pbkdf2Hash,
    "pbkdf2-sha256$1000$00112233445566zz$" + pbkdf2Hash,
    "pbkdf2-sha256$1000$0011223344556677$" + String(repeating: "AB", count: 32),
    "pbkdf2-sha256$1000$0011223344556677$" + pbkdf2Hash + "$",
    // yescrypt: cost 7 (64 MiB a check), parameters libcrypt's gensalt does not write, a salt
    // or hash too short or too long, a character outside crypt's alphabet, a part missing or
    // extra; another method of crypt(3) (SHA-512).
    "$y$jBT$" + salt + "$" + digest,
    "$y$jD5.7$" + salt + "$" + digest,
    "$y$j9T$" + String(repeating: "a", count: 21) + "$" + digest,
    "$y$j9T$" + String(repeating: "a", count: 87) + "$" + digest,
    "$y$j9T$" + salt + "$" + String(repeating: "b", count: 42),
    "$y$j9T$" + salt + "$" + digest + "b",
    "$y$j9T$" + String(repeating: "a", count: 21) + "-$" + digest,
    "$y$j9T$" + salt,
    "$y$j9T$" + salt + "$" + digest + "$",
    "$6$" + String(repeating: "a", count: 16) + "$" + String(repeating: "b", count: 86),
  ]

  @Test(arguments: malformed)
  func aMalformedStoredHashIsRefused(_ text: String) {
    #expect(PasswordHash(text) == nil)
  }
}
