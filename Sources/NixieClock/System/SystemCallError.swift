import Glibc

/// A system call that failed: which one, on what, and errno — matchable, with a message that
/// says what went wrong in words.
public struct SystemCallError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The call, as its manual page names it (`timerfd_settime`, `bind`).
  public let call: String
  /// What it was called on (a path, a socket), when that helps the reader.
  public let subject: String
  public let errno: Int32

  public init(_ call: String, subject: String = "", errno: Int32) {
    self.call = call
    self.subject = subject
    self.errno = errno
  }

  public var description: String {
    let on = subject.isEmpty ? "" : " \(subject)"
    return "\(call)\(on): \(String(cString: strerror(errno)))"
  }
}
