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

  /// The device nodes in `/dev` whose names start with `prefix`, as paths, sorted: the one
  /// scan of `/dev` (GPIO chips, spidev and i2c-dev nodes).
  public static func devices(prefix: String) -> [String] {
    names(in: "/dev").filter { $0.hasPrefix(prefix) }.map { "/dev/" + $0 }.sorted()
  }

  /// The entries of `path` with whether each is a directory (following symbolic links), or nil
  /// when it cannot be read. The corresponding C functions are `opendir`, `readdir` and `stat`.
  public static func entries(in path: String) -> [(name: String, isDirectory: Bool)]? {
    guard let directory = opendir(path) else { return nil }
    closedir(directory)
    return names(in: path).compactMap { name in
      var status = stat()
      guard stat(path + "/" + name, &status) == 0 else { return nil }
      return (name, status.st_mode & S_IFMT == S_IFDIR)
    }
  }
}
