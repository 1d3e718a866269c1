import Glibc

/// The running kernel.
public enum Kernel {
  /// Its release, as `uname -r` prints it (`6.1.0-rpi7-rpi-v8`). The corresponding C
  /// function is `uname`.
  public static var release: String {
    var names = utsname()
    uname(&names)
    return withUnsafeBytes(of: names.release) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
  }
}
