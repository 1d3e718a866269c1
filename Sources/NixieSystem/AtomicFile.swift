import Glibc

/// Replacing a file so that a reader — or the next start after a power cut — sees the old
/// content or the new, never a mixture: the new content goes to a temporary file beside it,
/// is flushed to the disk, and is renamed over the old one; then the folder is flushed too.
public enum AtomicFile {
  /// Writes `bytes` to `path` atomically, with `mode` (0644: readable by all, written by the owner).
  /// The corresponding C functions are `open` (O_EXCL), `write`, `fsync`, `rename` and `fsync` of
  /// the folder.
  /// With `groupIfPossible` the file's group is that group when it exists and this process may
  /// give it (`fchown`), so a service in that group can read a file others cannot.
  public static func write(
    _ bytes: [UInt8], to path: String, mode: mode_t = 0o644, groupIfPossible: String? = nil
  )
    throws(SystemCallError)
  {
    let folder = path.lastIndex(of: "/").map { String(path[..<$0]) }.map { $0.isEmpty ? "/" : $0 } ?? "."
    let temporary = temporaryPath(of: path, process: getpid())
    FileSystem.remove(temporary)
    // Errors name the file the user asked for: the temporary one is nixie's business.
    let fd = try SystemCall.run("open", subject: path) {
      open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, mode)
    }
    do {
      let file = FileDescriptor(fd)
      if let groupIfPossible, let entry = getgrnam(groupIfPossible) {
        _ = fchown(fd, uid_t.max, entry.pointee.gr_gid)
      }
      // The mode exactly, whatever the umask.
      _ = fchmod(fd, mode)
      try file.write(bytes)
      try SystemCall.run("fsync", subject: path) { fsync(file.rawValue) }
      try SystemCall.run("rename", subject: path) { rename(temporary, path) }
    } catch {
      FileSystem.remove(temporary)
      throw error
    }
    let directory = try SystemCall.run("open", subject: folder) {
      open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    }
    let handle = FileDescriptor(directory)
    // Some file systems cannot flush a folder (EINVAL): the rename is done all the same.
    _ = fsync(handle.rawValue)
  }

  /// The temporary file `write` makes beside `path` in process `pid`: `PATH.tmp-PID`.
  static func temporaryPath(of path: String, process pid: Int32) -> String { path + ".tmp-\(pid)" }

  /// Removes the temporary files a writer of `path` left when it was killed mid-write
  /// (`PATH.tmp-PID`, which nothing else removes): those of a process that is gone, of this
  /// process (a PID used again), and those last changed before `start` (wall-clock
  /// nanoseconds: when this process started; a PID used again by another process). Returns
  /// the paths removed.
  /// The corresponding C functions are `opendir`, `readdir`, `lstat`, `kill` (signal 0) and
  /// `unlink`.
  @discardableResult
  public static func removeStaleTemporaries(of path: String, startedAt start: Int64) -> [String] {
    let slash = path.lastIndex(of: "/")
    let folder = slash.map { String(path[..<$0]) }.map { $0.isEmpty ? "/" : $0 } ?? "."
    let prefix = (slash.map { String(path[path.index(after: $0)...]) } ?? path) + ".tmp-"
    var removed: [String] = []
    for name in Directory.names(in: folder) where name.hasPrefix(prefix) {
      guard let pid = Int32(name.dropFirst(prefix.count)), pid > 0 else { continue }
      let file = (folder == "/" ? "" : folder) + "/" + name
      var status = stat()
      guard lstat(file, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { continue }
      let changed = Int64(status.st_mtim.tv_sec) * 1_000_000_000 + Int64(status.st_mtim.tv_nsec)
      let alive = kill(pid, 0) == 0 || Errno.current == .notPermitted
      guard pid == getpid() || !alive || changed < start else { continue }
      FileSystem.remove(file)
      removed.append(file)
    }
    return removed
  }
}
