/// A file that could not be opened, read or written: which, what was being done, and errno.
public struct FileError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What was being done with the file.
  public enum Action: String, Hashable, Sendable {
    case read, write
  }

  public let path: String
  public let action: Action
  public let errno: Errno

  public init(path: String, action: Action, errno: Errno) {
    self.path = path
    self.action = action
    self.errno = errno
  }

  /// `cannot write frames.jsonl: Permission denied`.
  public var description: String { "cannot \(action.rawValue) \(path): \(errno.message)" }
}
