@preconcurrency import Glibc

/// A file that could not be read, with the reason from errno.
public struct FileReadError: Error, Hashable, Sendable, CustomStringConvertible {
  public let path: String
  public let errno: Int32

  public init(path: String, errno: Int32) {
    self.path = path
    self.errno = errno
  }

  public var description: String { "cannot read \(path): \(String(cString: strerror(errno)))" }
}
