import Glibc

/// Questions about paths.
public enum FileSystem {
  /// Whether something exists at `path` (following symbolic links).
  /// The corresponding C function is `access` with `F_OK`.
  public static func exists(_ path: String) -> Bool { access(path, F_OK) == 0 }

  /// Removes the file at `path`, if there is one. The corresponding C function is `unlink`.
  public static func remove(_ path: String) { _ = unlink(path) }

  /// The target of the symbolic link at `path` as stored, or nil when it is not a link.
  /// The corresponding C function is `readlink`.
  public static func linkTarget(_ path: String) -> String? {
    var buffer = [CChar](repeating: 0, count: 4096)
    let count = readlink(path, &buffer, buffer.count - 1)
    guard count >= 0 else { return nil }
    return String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}
