import Foundation
import NixieLogging
import NixieSystem
import NixieTestSupport
import Testing

@testable import NixieWeb

/// A PBKDF2 hash of nixie web 0.3.0 becomes a yescrypt hash of the same password at the first
/// login that passes, the rest of the settings file byte for byte; where the file cannot be
/// written, or was changed since, the old hash keeps working and one warning says what to do.
struct PasswordRehashTests {
  /// A PBKDF2 hash of `password` as nixie web 0.3.0 stored them (1000 iterations: quick in a
  /// debug build; the iterations are the hash's own).
  static func pbkdf2(_ password: String) -> PasswordHash {
    let salt = Array(0..<16).map { UInt8($0) }
    return .pbkdf2(
      PBKDF2Hash(
        iterations: 1000, salt: salt,
        hash: PBKDF2.derive(password: Array(password.utf8), salt: salt, iterations: 1000)))
  }

  static let password = "old clock password"

  /// A settings file with comments, quoting and settings around the hash.
  static func settings(_ hash: PasswordHash) -> String {
    """
    # The clock's page, open to the house.
    listen:
      - "0.0.0.0:8080"   # every interface
    password-hash: '\(hash)'   # set in 2026
    socket: "/run/nixie/control.sock"

    """
  }

  static func file(_ text: String, mode: Int = 0o600) throws -> String {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "nixie-rehash-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let path = folder.appendingPathComponent("web.yaml").path
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: path)
    return path
  }

  @Test func theFirstRightLoginWritesAYescryptHashAndKeepsTheRestOfTheFile() throws {
    let old = Self.pbkdf2(Self.password)
    let before = Self.settings(old)
    let path = try Self.file(before)
    let log = LogRecord()
    let rehash = PasswordRehash(file: path, logger: log.logger, cost: 1)

    // A wrong password changes nothing.
    #expect(!rehash.check(old, "not the password"))
    #expect(try String(contentsOfFile: path, encoding: .utf8) == before)
    #expect(log.all.isEmpty)

    #expect(rehash.check(old, Self.password))
    let after = try String(contentsOfFile: path, encoding: .utf8)
    let parts = before.components(separatedBy: old.description)
    #expect(after.hasPrefix(parts[0]) && after.hasSuffix(parts[1]), "\(after)")
    let stored = try #require(WebConfiguration.load(path).passwordHash)
    #expect(!stored.isLegacy)
    #expect(stored.description.hasPrefix("$y$j75$"))
    #expect(after == parts[0] + stored.description + parts[1])
    #expect(
      try PasswordHashTests.perlCrypt([(Array(Self.password.utf8), stored.description)]) == [
        stored.description
      ])
    let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
    #expect(mode == 0o600)
    #expect(log.all.count == 1)
    #expect(log.all.first?.hasPrefix("notice: web: \(path): the password-hash is now yescrypt") == true)

    // Later logins (the process still holds the old hash, of the same password) pass as
    // before, and the file is not written again.
    #expect(rehash.check(old, Self.password))
    #expect(!rehash.check(old, "not the password"))
    #expect(try String(contentsOfFile: path, encoding: .utf8) == after)
    #expect(log.all.count == 1)
  }

  /// Where the file cannot be written (here: reached through /proc/self/fd, a folder where
  /// nothing can be created, even by root), logins go on with the old hash and one warning
  /// names the fix.
  @Test func aFileThatCannotBeWrittenKeepsTheOldHashAndSaysWhatToDoOnce() throws {
    let old = Self.pbkdf2(Self.password)
    let text = Self.settings(old)
    let real = try Self.file(text, mode: 0o640)
    let handle = try #require(FileHandle(forReadingAtPath: real))
    defer { try? handle.close() }
    let path = "/proc/self/fd/\(handle.fileDescriptor)"
    let log = LogRecord()
    let rehash = PasswordRehash(file: path, logger: log.logger, cost: 1)
    for _ in 0..<2 {
      #expect(rehash.check(old, Self.password))
      #expect(!rehash.check(old, "not the password"))
    }
    #expect(try String(contentsOfFile: real, encoding: .utf8) == text)
    #expect(log.all.count == 1)
    let warning = try #require(log.all.first)
    #expect(warning.hasPrefix("warning: web: \(path): the password-hash stays PBKDF2"), "\(warning)")
    #expect(warning.hasSuffix("run 'sudo nixie web --set-password'"), "\(warning)")
  }

  /// Someone set another password since nixie web started: the file is left as it is.
  @Test func aFileChangedSinceTheStartIsLeftAlone() throws {
    let old = Self.pbkdf2(Self.password)
    let text = Self.settings(try PasswordHash.make(password: "a newer password", cost: 1))
    let path = try Self.file(text)
    let log = LogRecord()
    let rehash = PasswordRehash(file: path, logger: log.logger, cost: 1)
    #expect(rehash.check(old, Self.password))
    #expect(try String(contentsOfFile: path, encoding: .utf8) == text)
    #expect(log.all.count == 1)
    #expect(log.all.first?.contains("the file no longer holds the hash nixie web started with") == true)
  }

  /// The hash's text also stands in a comment: which one to replace is not clear, so neither is.
  @Test func aHashThatStandsTwiceIsLeftAlone() throws {
    let old = Self.pbkdf2(Self.password)
    let text = "# was: \(old)\n" + Self.settings(old)
    let path = try Self.file(text)
    let log = LogRecord()
    let rehash = PasswordRehash(file: path, logger: log.logger, cost: 1)
    #expect(rehash.check(old, Self.password))
    #expect(try String(contentsOfFile: path, encoding: .utf8) == text)
    #expect(log.all.count == 1)
    #expect(log.all.first?.contains("could not be replaced without changing other settings") == true)
  }

  static let replacements: [(String, [UInt8]?)] = [
    ("a: OLD\n", Array("a: NEW\n".utf8)),
    ("OLD", Array("NEW".utf8)),
    ("a: OLD # OLD\n", nil),
    ("a: old\n", nil),
    ("", nil),
  ]

  @Test(arguments: replacements)
  func theHashIsReplacedOnlyWhereItStandsOnce(_ text: String, _ expected: [UInt8]?) {
    #expect(PasswordRehash.replacing("OLD", with: "NEW", in: Array(text.utf8)) == expected)
  }
}
