import Glibc

/// Reading a directory's entries.
public enum Directory {
  /// The names in `path` (without `.` and `..`), in the order the file system gives them;
  /// empty when it cannot be read. The corresponding C functions are `opendir` and `readdir`.
  public static func names(in path: String) -> [String] {
    guard let directory = opendir(path) else { return [] }
    defer { closedir(directory) }
    var names: [String] = []
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
        String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
      }
      if name != "." && name != ".." { names.append(name) }
    }
    return names
  }
}
