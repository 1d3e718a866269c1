/// What the time-zone code needs from the operating system, injected so this module stays pure:
/// the real one (reading files, `readlink`, `getenv`) belongs to the OS layer; tests use bytes
/// in memory.
public protocol ZoneSystem: Sendable {
  /// The whole file at `path`, following symbolic links, or why not. A file longer than
  /// `limit` bytes is `.tooLarge` (reading `limit + 1` bytes is enough to tell).
  func readFile(_ path: String, limit: Int) -> ZoneFileRead
  /// The entries of the directory at `path` (without `.` and `..`), nil when it cannot be listed.
  func listDirectory(_ path: String) -> [ZoneDirectoryEntry]?
  /// The target of the symbolic link at `path` as stored, nil when `path` is not a link.
  func readLink(_ path: String) -> String?
  /// The value of the environment variable `name`, nil when it is unset.
  func environment(_ name: String) -> String?
}

/// What reading a zone file gave.
public enum ZoneFileRead: Hashable, Sendable {
  case contents([UInt8])
  /// No such file (or it is a directory).
  case missing
  /// Longer than the limit asked for.
  case tooLarge
  /// Unreadable for another reason, as the system words it (`Permission denied`).
  case failed(String)
}

/// One entry of a directory listing; `isDirectory` follows symbolic links.
public struct ZoneDirectoryEntry: Hashable, Sendable {
  public let name: String
  public let isDirectory: Bool

  public init(name: String, isDirectory: Bool) {
    self.name = name
    self.isDirectory = isDirectory
  }
}
