import CSystem
import Glibc

/// Random bytes from the kernel's generator (getrandom(2)): session identifiers, CSRF tokens and
/// password salts. It blocks only until the kernel's pool is first initialised after boot.
public enum Random {
  /// `count` random bytes. The corresponding C function is `getrandom` (flags 0).
  public static func bytes(_ count: Int) throws(SystemCallError) -> [UInt8] {
    var buffer = [UInt8](repeating: 0, count: count)
    var filled = 0
    while filled < count {
      let got = try SystemCall.run("getrandom") {
        buffer.withUnsafeMutableBytes { raw in
          Int(csystem_getrandom(raw.baseAddress.map { $0 + filled }, UInt(count - filled)))
        }
      }
      filled += got
    }
    return buffer
  }
}
