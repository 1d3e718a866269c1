import Glibc

/// The one choke point for system calls: a call that returns -1 is retried while errno is
/// EINTR and otherwise becomes a `SystemCallError` carrying errno.
enum SystemCall {
  /// Runs `body` (a call returning -1 on failure) until it is not interrupted by a signal.
  @discardableResult
  static func run<Result: BinaryInteger>(
    _ call: String, subject: String = "", _ body: () -> Result
  ) throws(SystemCallError) -> Result {
    while true {
      let result = body()
      if result != -1 { return result }
      let error = errno
      if error == EINTR { continue }
      throw SystemCallError(call, subject: subject, errno: error)
    }
  }
}
