import Glibc

/// An exclusive claim on a lock file (flock(2)), held until `release()` or until the process
/// ends, however it ends (the kernel drops the lock with the last descriptor): how one process
/// at a time owns something named by a path, such as a clock its control socket. The file holds
/// the holder's PID, so a process refused can name it.
///
/// A new lock file is written (the PID) and locked under a temporary name and then linked into
/// place, so whoever finds it finds the PID in it. A file left by a process that died (killed
/// before it could remove it) is taken over: locked, then given this PID. The file is removed
/// on release; a process that opened it just before that would hold a lock on a file nobody
/// else finds, so a claim checks, once locked, that the path still names the file it locked,
/// and tries again when not.
public final class FileLock: @unchecked Sendable {
  /// Why the lock was not taken.
  public enum Failure: Error, Hashable, Sendable {
    /// Another process holds it; its PID when it has written it.
    case held(by: Int32?)
    /// The lock file could not be made or locked.
    case system(SystemCallError)
  }

  public let path: String
  private var descriptor: FileDescriptor?
  /// Numbers the temporary names of this process's claims, so two claims at once (two
  /// threads) never share one.
  private static let stagingNumber = Locked<UInt64>(0)

  /// Takes the lock at `path` (a file of mode 0644) without waiting.
  /// The corresponding C functions are `open`, `write`, `flock` (LOCK_EX | LOCK_NB), `link`,
  /// `unlink`, `fstat`, `lstat`, `ftruncate` and `pwrite`.
  public init(_ path: String) throws(Failure) {
    self.path = path
    let pid = Array("\(getpid())\n".utf8)
    var canLink = true
    for _ in 0..<100 {
      if canLink {
        switch try Self.placeNew(at: path, content: pid) {
        case .placed(let file):
          descriptor = file
          return
        case .exists: break
        case .cannotLink: canLink = false
        }
      }
      // A lock file is there: held by a live process, or left by a dead one. (Where the file
      // system cannot link, it is made here, and the PID written once it is locked.)
      let fd = open(path, O_RDWR | O_CLOEXEC | O_NOFOLLOW | (canLink ? 0 : O_CREAT), 0o644)
      guard fd >= 0 else {
        if Errno.current == .noSuchFile { continue }
        throw .system(SystemCallError("open", subject: path, errno: Errno.current))
      }
      let file = FileDescriptor(fd)
      try Self.lock(file, path: path)
      guard Self.identity(of: file) == FileIdentity(path: path) else { continue }
      _ = ftruncate(fd, 0)
      _ = pid.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, 0) }
      descriptor = file
      return
    }
    throw .system(SystemCallError("flock", subject: path, errno: EAGAIN))
  }

  /// What became of a new lock file.
  private enum Placing {
    /// Linked to the path, locked, with the PID in it.
    case placed(FileDescriptor)
    /// A file is at the path already.
    case exists
    /// The file system cannot make hard links (EPERM, EOPNOTSUPP).
    case cannotLink
  }

  /// A new lock file with `content`, locked, linked to `path`.
  private static func placeNew(at path: String, content: [UInt8]) throws(Failure) -> Placing {
    let staging = path + ".\(getpid())-\(stagingNumber.withLock { $0 += 1; return $0 }).new"
    FileSystem.remove(staging)
    let fd = open(staging, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o644)
    guard fd >= 0 else { throw .system(SystemCallError("open", subject: path, errno: Errno.current)) }
    let file = FileDescriptor(fd)
    defer { FileSystem.remove(staging) }
    do throws(SystemCallError) {
      _ = fchmod(fd, 0o644)
      try file.write(content)
    } catch {
      throw .system(error)
    }
    try lock(file, path: path)
    guard link(staging, path) == 0 else {
      let error = Errno.current
      if error == Errno(rawValue: EEXIST) { return .exists }
      if error == .notPermitted || error == .notSupported { return .cannotLink }
      throw .system(SystemCallError("link", subject: path, errno: error))
    }
    return .placed(file)
  }

  /// Locks `file`, or says who holds it.
  private static func lock(_ file: FileDescriptor, path: String) throws(Failure) {
    do {
      try SystemCall.run("flock", subject: path) { flock(file.rawValue, LOCK_EX | LOCK_NB) }
    } catch {
      if error.errno.rawValue == EWOULDBLOCK { throw .held(by: holder(of: file)) }
      throw .system(error)
    }
  }

  /// Removes the lock file (when it is still the one locked here) and releases the lock.
  /// The corresponding C functions are `unlink` and `close`.
  public func release() {
    guard let descriptor else { return }
    if Self.identity(of: descriptor) == FileIdentity(path: path) { FileSystem.remove(path) }
    self.descriptor = nil
  }

  deinit { release() }

  /// The PID a holder wrote into the file, if any.
  private static func holder(of file: FileDescriptor) -> Int32? {
    var bytes = [UInt8](repeating: 0, count: 24)
    let count = bytes.withUnsafeMutableBytes { pread(file.rawValue, $0.baseAddress, $0.count, 0) }
    guard count > 0 else { return nil }
    let text = String(decoding: bytes.prefix(count), as: UTF8.self).split(separator: "\n").first
    return text.flatMap { Int32($0) }.flatMap { $0 > 0 ? $0 : nil }
  }

  /// The device and inode of an open file.
  static func identity(of file: FileDescriptor) -> FileIdentity? {
    var status = stat()
    guard fstat(file.rawValue, &status) == 0 else { return nil }
    return FileIdentity(status)
  }
}

/// Which file a path named at one moment: its device and inode, to tell later whether the
/// path still names the same file.
public struct FileIdentity: Hashable, Sendable {
  public let device: UInt64
  public let inode: UInt64

  init(_ status: stat) {
    device = UInt64(status.st_dev)
    inode = UInt64(status.st_ino)
  }

  /// The identity of the file at `path` now (not following a final link), or nil.
  /// The corresponding C function is `lstat`.
  public init?(path: String) {
    var status = stat()
    guard lstat(path, &status) == 0 else { return nil }
    self.init(status)
  }
}
