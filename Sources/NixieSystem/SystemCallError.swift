/// A system call that failed: which one, on what, and errno, matchable by `errno`, with a
/// message that says what went wrong in words. NixieSystem's other error, `FileError`, is for a
/// whole file a user named that could not be read or written (which may have no errno).
public struct SystemCallError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The call, as its manual page names it (`timerfd_settime`, `bind`).
  public let call: String
  /// What it was called on (a path, a socket), when that helps the reader.
  public let subject: String
  public let errno: Errno

  public init(_ call: String, subject: String = "", errno: Errno) {
    self.call = call
    self.subject = subject
    self.errno = errno
  }

  public init(_ call: String, subject: String = "", errno: Int32) {
    self.init(call, subject: subject, errno: Errno(rawValue: errno))
  }

  /// `bind /run/nixie/control.sock: Permission denied`.
  public var description: String {
    let on = subject.isEmpty ? "" : " \(subject)"
    return "\(call)\(on): \(errno.message)"
  }
}
