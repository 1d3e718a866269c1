import Glibc

/// The one choke point for system calls and the C libraries that follow their convention
/// (libgpiod, libi2c): a call that fails is retried while errno is EINTR and otherwise becomes
/// a `SystemCallError` naming the call, what it was made on, and errno.
///
/// The `run` functions are `@inlinable`: callers in other modules get them specialised and
/// inlined, so a call that succeeds costs a comparison, not a generic call through the
/// standard library's `BinaryInteger` witnesses and a closure thunk (a bit-banged frame makes
/// 130 libgpiod calls through `run`).
public enum SystemCall {
  /// Runs `body`, a call that returns -1 and sets errno on failure, until it is not
  /// interrupted by a signal.
  @discardableResult
  @inlinable
  public static func run<Result: BinaryInteger>(
    _ call: String, subject: String = "", _ body: () -> Result
  ) throws(SystemCallError) -> Result {
    while true {
      let result = body()
      if result != -1 { return result }
      let error = Errno.current
      if error == .interrupted { continue }
      throw SystemCallError(call, subject: subject, errno: error)
    }
  }

  /// For calls that return a pointer, or nil with errno set (libgpiod's openers).
  @inlinable
  public static func run<Pointer>(
    _ call: String, subject: String = "", _ body: () -> Pointer?
  ) throws(SystemCallError) -> Pointer {
    while true {
      if let pointer = body() { return pointer }
      let error = Errno.current
      if error == .interrupted { continue }
      throw SystemCallError(call, subject: subject, errno: error)
    }
  }

  /// For calls that return a negative errno instead of setting it (libi2c's SMBus helpers).
  @discardableResult
  @inlinable
  public static func runNegativeErrno(
    _ call: String, subject: String = "", _ body: () -> Int32
  ) throws(SystemCallError) -> Int32 {
    while true {
      let result = body()
      guard result < 0 else { return result }
      let error = Errno(rawValue: result == Int32.min ? EIO : -result)
      if error == .interrupted { continue }
      throw SystemCallError(call, subject: subject, errno: error)
    }
  }

  /// Opens `path` for reading and writing, not inherited by child processes.
  /// The corresponding C function is `open`.
  public static func openReadWrite(_ path: String) throws(SystemCallError) -> Int32 {
    try run("open", subject: path) { open(path, O_RDWR | O_CLOEXEC) }
  }

  /// The corresponding C function is `ioctl` with a pointer argument.
  @discardableResult
  public static func ioctl(
    _ descriptor: Int32, _ request: UInt, _ argument: UnsafeMutableRawPointer, name: String = "ioctl"
  ) throws(SystemCallError) -> Int32 {
    try run(name) { Glibc.ioctl(descriptor, request, argument) }
  }

  /// The corresponding C function is `ioctl` with an integer argument.
  @discardableResult
  public static func ioctl(_ descriptor: Int32, _ request: UInt, value: Int32, name: String = "ioctl")
    throws(SystemCallError) -> Int32
  {
    try run(name) { Glibc.ioctl(descriptor, request, value) }
  }

  /// Closes `descriptor`; EINTR is not retried (Linux has closed it already).
  public static func close(_ descriptor: Int32) { _ = Glibc.close(descriptor) }
}
