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

  /// This machine's host name, as `uname -n` prints it (`nixie-kitchen`). The corresponding C
  /// function is `uname`.
  public static var nodeName: String {
    var names = utsname()
    uname(&names)
    return withUnsafeBytes(of: names.nodename) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
  }
}
