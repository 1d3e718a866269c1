import Glibc

/// The one place system calls are made from: each retries on EINTR and turns a failure into
/// the `Errno` it set. The libgpiod and libi2c calls go through `retryingInterrupts` too.
enum SystemCall {
  /// Calls `call` until it returns something other than -1 with EINTR; -1 with any other
  /// errno is thrown. The corresponding C convention: return -1 and set `errno`.
  static func retryingInterrupts<Result: BinaryInteger>(_ call: () -> Result) throws(Errno) -> Result {
    while true {
      let result = call()
      guard result == -1 else { return result }
      let error = Errno.current
      guard error == .interrupted else { throw error }
    }
  }

  /// For calls that return a pointer, or nil with `errno` set (libgpiod's openers).
  static func retryingInterrupts<Pointer>(_ call: () -> Pointer?) throws(Errno) -> Pointer {
    while true {
      if let pointer = call() { return pointer }
      let error = Errno.current
      guard error == .interrupted else { throw error }
    }
  }

  /// For libi2c's helpers, which return a negative errno instead of setting it.
  static func retryingNegativeErrno(_ call: () -> Int32) throws(Errno) -> Int32 {
    while true {
      let result = call()
      guard result < 0 else { return result }
      let error = Errno(rawValue: -result)
      guard error == .interrupted else { throw error }
    }
  }

  /// Opens `path` for reading and writing, not inherited by child processes.
  /// The corresponding C function is `open`.
  static func openReadWrite(_ path: String) throws(Errno) -> Int32 {
    try retryingInterrupts { open(path, O_RDWR | O_CLOEXEC) }
  }

  /// The corresponding C function is `ioctl` with a pointer argument.
  @discardableResult
  static func ioctl(_ descriptor: Int32, _ request: UInt, _ argument: UnsafeMutableRawPointer)
    throws(Errno) -> Int32
  {
    try retryingInterrupts { Glibc.ioctl(descriptor, request, argument) }
  }

  /// The corresponding C function is `ioctl` with an integer argument.
  @discardableResult
  static func ioctl(_ descriptor: Int32, _ request: UInt, value: Int32) throws(Errno) -> Int32 {
    try retryingInterrupts { Glibc.ioctl(descriptor, request, value) }
  }

  /// Waits until one of `descriptors` is readable or `timeout` nanoseconds pass (nil: no
  /// limit; rounded up to whole milliseconds, so it never returns early), marking the readable
  /// ones in `revents`. An interrupting signal returns 0, as a timeout does: the caller
  /// recomputes its remaining time and calls again. The corresponding C function is `poll`.
  static func poll(_ descriptors: inout [pollfd], timeout: UInt64?) throws(Errno) -> Int32 {
    let milliseconds = timeout.map { Int32(min(($0 + 999_999) / 1_000_000, UInt64(Int32.max))) } ?? -1
    let count = nfds_t(descriptors.count)
    let result = descriptors.withUnsafeMutableBufferPointer { buffer in
      Glibc.poll(buffer.baseAddress, count, milliseconds)
    }
    guard result == -1 else { return result }
    let error = Errno.current
    guard error == .interrupted else { throw error }
    return 0
  }

  /// Closes `descriptor`; EINTR is not retried (Linux has closed it already).
  static func close(_ descriptor: Int32) { _ = Glibc.close(descriptor) }
}
