import Glibc

/// A Unix stream socket listening at a path this process claimed for as long as it runs: the
/// clock's control socket. One process at a time, atomically:
///
/// - **Claimed under a lock.** `PATH.lock` beside the socket is locked first (`FileLock`,
///   holding this process's PID) and kept until `remove()`; a second process is refused with
///   the holder's PID, whatever the timing.
/// - **A stale file is replaced, a live one is not.** Under the lock, a socket file left by a
///   process that died is removed; one something else still listens on (a process that does
///   not take the lock) is refused. The check's connect never waits past `probeDeadline`,
///   however stuck that process is.
/// - **The file appears only once it listens**, with its mode and group set: it is made under
///   a temporary name beside `path` and renamed, so a client that finds it can connect.
/// - **Only its own file is removed.** `remove()` unlinks `path` only when it is still the
///   socket bound here (the same device and inode), never one that replaced it.
public final class ListeningSocketFile: @unchecked Sendable {
  /// Why the path was not claimed.
  public enum Failure: Error, Hashable, Sendable, CustomStringConvertible {
    /// Another process holds the path's lock: its PID, when it wrote one.
    case held(path: String, by: Int32?)
    /// Something listens at the path without holding the lock (`answering`: it took the
    /// probe's connection; otherwise its queue stayed full).
    case inUse(path: String, answering: Bool)
    /// A system call failed (the folder is not writable, the path is too long, …).
    case system(SystemCallError)

    public var description: String {
      switch self {
      case .held(let path, let pid):
        "\(path) is claimed by process \(pid.map(String.init) ?? "(PID not written yet)") (it holds \(path).lock)"
      case .inUse(let path, let answering):
        "another process is listening on \(path)" + (answering ? "" : " but does not accept connections")
      case .system(let error): "\(error)"
      }
    }
  }

  /// How long the check of a socket file already at the path may wait for its listener.
  public static let probeDeadline: UInt64 = 1_000_000_000

  public let path: String
  public let socket: UnixSocket
  private let lock: FileLock
  private let identity: FileIdentity?

  /// Claims `path` and listens there, the file's mode set to `mode` and its group to `group`
  /// (nil: the process's). With `groupIfPossible` the group is given when it exists and this
  /// process may give it, and silently skipped otherwise.
  /// The corresponding C functions are `flock` (`FileLock`), `socket`, `connect` (the stale
  /// check), `bind`, `chmod`, `chown`, `listen`, `rename` and `lstat`.
  public init(
    path: String, mode: mode_t, group: String?, groupIfPossible: String? = nil, backlog: Int32 = 8
  ) throws(Failure) {
    guard let address = UnixSocket.Address(path), !address.isAbstract else {
      throw .system(SystemCallError("bind", subject: path, errno: ENAMETOOLONG))
    }
    let lock: FileLock
    do {
      lock = try FileLock(path + ".lock")
    } catch {
      switch error {
      case .held(let pid): throw .held(path: path, by: pid)
      case .system(let error): throw .system(error)
      }
    }
    do throws(Failure) {
      let listener: UnixSocket
      do {
        listener = try UnixSocket(datagram: false)
      } catch {
        throw .system(error)
      }
      try Self.removeStale(at: address)
      do throws(SystemCallError) {
        try Self.bind(
          listener, at: path, mode: mode, group: group, groupIfPossible: groupIfPossible, backlog: backlog)
      } catch {
        throw .system(error)
      }
      self.path = path
      self.socket = listener
      self.lock = lock
      self.identity = FileIdentity(path: path)
    } catch {
      lock.release()
      throw error
    }
  }

  /// Removes the socket file if it is still the one bound here, then releases the claim.
  /// Safe to call more than once.
  public func remove() {
    if let identity, FileIdentity(path: path) == identity { FileSystem.remove(path) }
    lock.release()
  }

  /// Binds `listener` under a temporary name beside `path`, sets its mode and group, listens,
  /// and renames it to `path`. A path too long for the temporary name is bound in place.
  private static func bind(
    _ listener: UnixSocket, at path: String, mode: mode_t, group: String?, groupIfPossible: String?,
    backlog: Int32
  ) throws(SystemCallError) {
    let stagingAddress = UnixSocket.Address("\(path).\(getpid()).new") ?? UnixSocket.Address(path)
    guard let stagingAddress else { throw SystemCallError("bind", subject: path, errno: ENAMETOOLONG) }
    let staging = stagingAddress.text
    if staging != path { FileSystem.remove(staging) }
    try listener.bind(to: stagingAddress)
    do throws(SystemCallError) {
      try SystemCall.run("chmod", subject: path) { chmod(staging, mode) }
      if let group {
        guard let entry = getgrnam(group) else {
          throw SystemCallError("getgrnam", subject: "group \(group)", errno: ENOENT)
        }
        try SystemCall.run("chown", subject: path) { chown(staging, uid_t.max, entry.pointee.gr_gid) }
      } else if let groupIfPossible, let entry = getgrnam(groupIfPossible) {
        _ = chown(staging, uid_t.max, entry.pointee.gr_gid)
      }
      try listener.listen(backlog: backlog)
      if staging != path {
        try SystemCall.run("rename", subject: path) { rename(staging, path) }
      }
    } catch {
      FileSystem.remove(staging)
      throw error
    }
  }

  /// A socket file left by a process that died is removed; one something listens on is
  /// refused, and so is a file that is not a socket (EEXIST).
  private static func removeStale(at address: UnixSocket.Address) throws(Failure) {
    var info = stat()
    guard lstat(address.text, &info) == 0 else { return }
    guard info.st_mode & S_IFMT == S_IFSOCK else {
      throw .system(
        SystemCallError("bind", subject: "\(address.text) (exists and is not a socket)", errno: EEXIST))
    }
    let wait = SocketWait.poll
    do {
      _ = try UnixSocket.connect(to: address, by: wait.now() + probeDeadline, waiting: wait)
    } catch {
      switch error.errno.rawValue {
      case ECONNREFUSED:
        FileSystem.remove(address.text)
        return
      case ETIMEDOUT: throw .inUse(path: address.text, answering: false)
      default: throw .system(error)
      }
    }
    throw .inUse(path: address.text, answering: true)
  }
}
