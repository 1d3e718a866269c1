import Glibc

/// Whether this machine has GPIO hardware, which picks the default backend.
enum GPIOChips {
  /// True when any `/dev/gpiochipN` exists.
  static var present: Bool {
    guard let directory = opendir("/dev") else { return false }
    defer { closedir(directory) }
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
        String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
      }
      if name.hasPrefix("gpiochip") { return true }
    }
    return false
  }
}
