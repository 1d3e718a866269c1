import CCrypt
import Glibc
import NixieSystem

/// libcrypt's working memory for hashing passwords on one thread — `struct crypt_data`, 32 KiB,
/// allocated on the heap at the first hash (too big for a small thread's stack; not needed by
/// a server nobody logs in to) and kept — and the two calls
/// nixie web makes: `crypt_gensalt_rn` (a setting from random bytes) and `crypt_r` (a
/// password's hash under a setting). The login verifier has one for its thread,
/// `--set-password` one of its own. The memory is wiped after every hash, so neither the
/// password nor its hash stays in it; a lock makes a second thread wait rather than share it.
public final class Libcrypt: @unchecked Sendable {
  private let area = Locked<UnsafeMutableRawPointer?>(nil)
  private let size = ccrypt_data_size()

  /// The longest password libcrypt hashes, in bytes (`CRYPT_MAX_PASSPHRASE_SIZE` less its NUL).
  public static let maximumPasswordBytes = Int(CRYPT_MAX_PASSPHRASE_SIZE) - 1

  public init() {}

  deinit {
    area.withLock { data in data?.deallocate() }
  }

  /// The hash of `password` under `setting` (a setting from `setting(prefix:cost:random:)`, or
  /// a whole stored hash: its prefix chooses the method and its parameters). Fails with
  /// `crypt_r`'s errno when libcrypt refuses: a password with a NUL byte (refused here, as C
  /// would cut it short) or longer than `maximumPasswordBytes` (ERANGE), a setting it does
  /// not know (EINVAL), no memory for the hash (ENOMEM).
  public func hash(_ password: [UInt8], setting: String) throws(SystemCallError) -> String {
    guard !password.contains(0) else { throw SystemCallError("crypt_r", errno: EINVAL) }
    var phrase = password + [0]
    defer {
      phrase.withUnsafeMutableBytes { bytes in
        if let base = bytes.baseAddress { explicit_bzero(base, bytes.count) }
      }
    }
    let result: String? = area.withLock { area in
      let data = area ?? UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 16)
      if area == nil {
        // libcrypt asks for a zeroed struct before its first use.
        memset(data, 0, size)
        area = data
      }
      defer { explicit_bzero(data, size) }
      Glibc.errno = 0
      let output = phrase.withUnsafeBufferPointer { phrase in
        phrase.withMemoryRebound(to: CChar.self) { ccrypt_r($0.baseAddress, setting, data) }
      }
      // A failure is NULL or a token starting with '*' (which no hash does), errno set.
      guard let output, output.pointee != CChar(UInt8(ascii: "*")) else { return nil }
      return String(cString: output)
    }
    guard let result else { throw SystemCallError("crypt_r", errno: Self.failure()) }
    return result
  }

  /// A new setting for `prefix`'s method (`$y$`: yescrypt) at `cost` (1 to 11 for yescrypt),
  /// its salt made from `random` (16 to 64 bytes for yescrypt). Fails with
  /// `crypt_gensalt_rn`'s errno: a cost or a number of bytes out of range (EINVAL).
  public static func setting(prefix: String, cost: Int, random: [UInt8]) throws(SystemCallError) -> String {
    let size = Int(CRYPT_GENSALT_OUTPUT_SIZE)
    var output = [CChar](repeating: 0, count: size)
    guard cost >= 0, let count = Int32(exactly: random.count) else {
      throw SystemCallError("crypt_gensalt_rn", errno: EINVAL)
    }
    Glibc.errno = 0
    let made = random.withUnsafeBufferPointer { random in
      random.withMemoryRebound(to: CChar.self) { random in
        crypt_gensalt_rn(prefix, UInt(cost), random.baseAddress, count, &output, Int32(size)) != nil
      }
    }
    guard made, output[0] != CChar(UInt8(ascii: "*")) else {
      throw SystemCallError("crypt_gensalt_rn", errno: failure())
    }
    return String(decoding: output.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// errno after a failed call; EINVAL when libcrypt left it unset.
  private static func failure() -> Int32 { Glibc.errno == 0 ? EINVAL : Glibc.errno }
}
