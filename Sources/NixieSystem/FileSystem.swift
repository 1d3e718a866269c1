import Glibc

/// Questions about paths.
public enum FileSystem {
  /// Whether something exists at `path` (following symbolic links).
  /// The corresponding C function is `access` with `F_OK`.
  public static func exists(_ path: String) -> Bool { access(path, F_OK) == 0 }

  /// Removes the file at `path`, if there is one. The corresponding C function is `unlink`.
  public static func remove(_ path: String) { _ = unlink(path) }
}
