import Glibc
import NixieLogging
import NixieSystem
import NixieText

/// Replaces a PBKDF2 `password-hash` (nixie web 0.3.0's) with a yescrypt hash of the same
/// password after the first login it lets in — the one moment nixie web knows the password.
/// It is the login verifier's check (`PasswordVerifier`), so the work runs on that thread.
///
/// The settings file is replaced atomically (`AtomicFile`) with only the hash changed —
/// comments, order and the other settings byte for byte — keeping its mode and group. (The
/// process goes on checking the hash it read at start, of the same password, until it
/// restarts.) When the file cannot be written (nixie-web.service runs
/// as a dynamic user and /etc is read-only to it) or no longer holds the hash nixie web started
/// with, nothing changes: the old hash keeps verifying, and one warning says what to do
/// (`sudo nixie web --set-password`).
public final class PasswordRehash: @unchecked Sendable {
  /// Why the file was not rewritten, in words.
  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  private let file: String
  private let logger: Logger
  private let cost: Int
  private let libcrypt = Libcrypt()
  /// Whether a rewrite was tried: once a process, so a file that cannot be written is reported
  /// once (the process has one hash, read at start).
  private let tried = Locked(false)

  /// Rewrites `file`, the settings the hash was read from, with hashes of `cost`.
  public init(file: String, logger: Logger, cost: Int = YescryptHash.defaultCost) {
    self.file = file
    self.logger = logger
    self.cost = cost
  }

  /// Whether `password` is the one `hash` holds; after the first right password for a PBKDF2
  /// hash, the file holds a yescrypt hash of it.
  public func check(_ hash: PasswordHash, _ password: String) -> Bool {
    guard hash.verify(password, using: libcrypt) else { return false }
    guard hash.isLegacy else { return true }
    let first = tried.withLock { tried in
      defer { tried = true }
      return !tried
    }
    guard first else { return true }
    do throws(Failure) {
      try rewrite(hash, password: password)
      logger.notice(
        "web: \(Printable.escaped(file)): the password-hash is now yescrypt (the same password; it was PBKDF2)"
      )
    } catch {
      let fix = "to store a yescrypt hash, run 'sudo nixie web --set-password'"
      logger.warning(
        "web: \(Printable.escaped(file)): the password-hash stays PBKDF2 (nixie 0.3.0's, still accepted): \(error); \(fix)"
      )
    }
    return true
  }

  /// Replaces `old` with a new yescrypt hash of `password` in the file, the rest kept byte for
  /// byte.
  func rewrite(_ old: PasswordHash, password: String) throws(Failure) {
    if let refusal = PasswordHash.refusal(of: password) { throw Failure(description: refusal) }
    let bytes: [UInt8]
    do {
      bytes = try FileReader.read(file)
    } catch {
      throw Failure(description: "\(error)")
    }
    guard var expected = try? WebConfiguration.parse(bytes: bytes, file: file), expected.passwordHash == old
    else {
      throw Failure(description: "the file no longer holds the hash nixie web started with")
    }
    let new: PasswordHash
    do {
      new = try PasswordHash.make(password: password, cost: cost, using: libcrypt)
    } catch {
      throw Failure(description: "cannot hash the password: \(error)")
    }
    // Only the hash's text changes, and the new file must read as the old one with the new
    // hash, or it is not written.
    expected.passwordHash = new
    guard let replaced = Self.replacing(old.description, with: new.description, in: bytes),
      (try? WebConfiguration.parse(bytes: replaced, file: file)) == expected
    else {
      throw Failure(description: "the hash could not be replaced without changing other settings")
    }
    let status = FileStatus(file)
    do {
      try AtomicFile.write(
        replaced, to: file, mode: mode_t(status?.permissions ?? 0o640),
        groupIfPossible: status.map { Accounts.groupName($0.groupID) })
    } catch {
      throw Failure(description: "\(error)")
    }
  }

  /// `bytes` with the one occurrence of `old` replaced by `new`; nil when `old` is not there
  /// exactly once.
  static func replacing(_ old: String, with new: String, in bytes: [UInt8]) -> [UInt8]? {
    let needle = Array(old.utf8)
    guard !needle.isEmpty, bytes.count >= needle.count else { return nil }
    let found = (0...(bytes.count - needle.count)).filter { start in
      bytes[start..<(start + needle.count)].elementsEqual(needle)
    }
    guard found.count == 1, let start = found.first else { return nil }
    return Array(bytes[..<start]) + Array(new.utf8) + Array(bytes[(start + needle.count)...])
  }
}
