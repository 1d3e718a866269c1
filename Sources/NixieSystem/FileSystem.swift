import Glibc

/// Questions about paths.
public enum FileSystem {
  /// Whether something exists at `path` (following symbolic links).
  /// The corresponding C function is `access` with `F_OK`.
  public static func exists(_ path: String) -> Bool { access(path, F_OK) == 0 }

  /// The permission bits of `path` (`0o640`), or nil when it cannot be looked at.
  public static func permissions(_ path: String) -> UInt32? {
    var status = stat()
    guard stat(path, &status) == 0 else { return nil }
    return UInt32(status.st_mode & 0o7777)
  }

  /// Whether this process may open `path` for reading and writing.
  /// The corresponding C function is `access` with `R_OK | W_OK`.
  public static func canReadWrite(_ path: String) -> Bool { access(path, R_OK | W_OK) == 0 }

  /// Removes the file at `path`, if there is one. The corresponding C function is `unlink`.
  public static func remove(_ path: String) { _ = unlink(path) }

  /// Moves the file at `path` to `newPath`, replacing what is there; false when it could not.
  /// The corresponding C function is `rename`.
  public static func move(_ path: String, to newPath: String) -> Bool { rename(path, newPath) == 0 }

  /// The target of the symbolic link at `path` as stored, or nil when it is not a link.
  /// The corresponding C function is `readlink`.
  public static func linkTarget(_ path: String) -> String? {
    var buffer = [CChar](repeating: 0, count: 4096)
    let count = readlink(path, &buffer, buffer.count - 1)
    guard count >= 0 else { return nil }
    return String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// What a file is now, to notice that it changed: its device, inode, size and modification
  /// time (following links), or nil when it cannot be read. The corresponding C function is
  /// `stat`.
  public static func identity(_ path: String) -> [Int]? {
    var status = stat()
    guard stat(path, &status) == 0 else { return nil }
    return [
      Int(truncatingIfNeeded: status.st_dev), Int(truncatingIfNeeded: status.st_ino), Int(status.st_size),
      Int(status.st_mtim.tv_sec), Int(status.st_mtim.tv_nsec),
    ]
  }

  /// Whether `path` is a directory this process may create files in.
  /// The corresponding C function is `access` with `W_OK | X_OK`.
  public static func isWritableDirectory(_ path: String) -> Bool {
    var status = stat()
    return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR && access(path, W_OK | X_OK) == 0
  }

  /// A directory only this user may use, at `path`: made with mode 0700 when missing; an
  /// existing one must be a real directory (not a link) owned by this user with no access for
  /// others, or it is refused (EPERM), so nobody else can have prepared it.
  /// The corresponding C functions are `mkdir` and `lstat`.
  public static func privateDirectory(_ path: String) throws(SystemCallError) {
    if mkdir(path, 0o700) == 0 { return }
    let error = Errno.current
    guard error == Errno(rawValue: EEXIST) else {
      throw SystemCallError("mkdir", subject: path, errno: error)
    }
    var status = stat()
    try SystemCall.run("lstat", subject: path) { lstat(path, &status) }
    guard status.st_mode & S_IFMT == S_IFDIR, status.st_uid == getuid(), status.st_mode & 0o077 == 0 else {
      throw SystemCallError(
        "mkdir", subject: "\(path) (exists, but is not this user's private directory)", errno: EPERM)
    }
  }
}
