import NixieText

/// A file that could not be opened, read or written: which, what was being done, and why —
/// errno, or a file that is not what was expected (a directory, a FIFO, a device, one too
/// large). Its description names the path with control characters escaped.
public struct FileError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What was being done with the file.
  public enum Action: String, Hashable, Sendable {
    case read, write
  }

  /// Why it failed.
  public enum Problem: Hashable, Sendable {
    /// The system said no (no such file, permission denied, disk full, …).
    case system(Errno)
    /// A regular file was expected; this is something else (`a directory`, `a FIFO`, …).
    case notARegularFile(String)
    /// The file is longer than the reader accepts.
    case tooLarge(limit: Int)
    /// A FIFO (named pipe) that nobody reads: writing would wait for a reader.
    case fifoWithoutReader
  }

  public let path: String
  public let action: Action
  public let problem: Problem

  public init(path: String, action: Action, problem: Problem) {
    self.path = path
    self.action = action
    self.problem = problem
  }

  public init(path: String, action: Action, errno: Errno) {
    self.init(path: path, action: action, problem: .system(errno))
  }

  /// The errno, when the system refused.
  public var errno: Errno? {
    if case .system(let errno) = problem { return errno }
    return nil
  }

  /// Why, without the path: `No such file or directory`, `it is a directory, not a regular file`.
  public var reason: String {
    switch problem {
    case .system(let errno): errno.message
    case .notARegularFile(let kind): "it is \(kind), not a regular file"
    case .tooLarge(let limit): "it is larger than \(ByteCount.text(limit)), the most nixie reads"
    case .fifoWithoutReader: "it is a FIFO (named pipe) that nobody reads; start the reader first"
    }
  }

  /// `cannot read /etc/nixie/nixie.yaml: No such file or directory`,
  /// `cannot read /tmp: it is a directory, not a regular file`.
  public var description: String { "cannot \(action.rawValue) \(Printable.escaped(path)): \(reason)" }
}
