@preconcurrency import Glibc

/// Reads a whole text file (or standard input, `-`), for scripts a command is given.
public enum TextFile {
  /// The contents of `path` as UTF-8 text (invalid bytes become U+FFFD).
  public static func read(_ path: String) throws(FileError) -> String {
    let file: UnsafeMutablePointer<FILE>
    if path == "-" {
      file = stdin
    } else {
      guard let opened = fopen(path, "r") else { throw FileError(path: path, action: .read, errno: .current) }
      file = opened
    }
    defer { if path != "-" { fclose(file) } }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while true {
      let count = buffer.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
      bytes.append(contentsOf: buffer.prefix(count))
      if count < buffer.count {
        if ferror(file) != 0 { throw FileError(path: path, action: .read, errno: .current) }
        break
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}
