import Glibc

/// poll(2) over a few descriptors: which of them are readable (or hung up, or in error).
public enum Poll {
  /// Waits until one of `descriptors` is readable, hung up or in error, or `timeout`
  /// nanoseconds passed (nil: no limit; rounded up to whole milliseconds, so it never returns
  /// early). Returns the indices that are ready: none after the timeout, and none when a
  /// signal interrupted the wait — the caller recomputes its remaining time and calls again.
  /// The corresponding C function is `poll`.
  public static func readable(_ descriptors: [Int32], timeout: UInt64?) throws(SystemCallError) -> [Int] {
    var fds = descriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
    let milliseconds =
      timeout.map { Int32(min($0 / 1_000_000 + ($0 % 1_000_000 == 0 ? 0 : 1), UInt64(Int32.max))) } ?? -1
    let ready = fds.withUnsafeMutableBufferPointer { buffer in
      poll(buffer.baseAddress, nfds_t(buffer.count), milliseconds)
    }
    if ready == -1 {
      let error = Errno.current
      if error == .interrupted { return [] }
      throw SystemCallError("poll", errno: error)
    }
    guard ready > 0 else { return [] }
    return fds.indices.filter { fds[$0].revents != 0 }
  }
}

extension Poll {
  /// What a caller waits for on one descriptor.
  public struct Interest: Hashable, Sendable {
    public var descriptor: Int32
    public var readable: Bool
    public var writable: Bool

    public init(_ descriptor: Int32, readable: Bool = true, writable: Bool = false) {
      self.descriptor = descriptor
      self.readable = readable
      self.writable = writable
    }
  }

  /// What poll said of one descriptor.
  public struct Readiness: Hashable, Sendable {
    /// Data (or end of stream) waits to be read.
    public var readable: Bool
    /// The descriptor takes more output.
    public var writable: Bool
    /// Hung up or in error: reading says which.
    public var failed: Bool
  }

  /// Waits until one of `interests` is ready as asked, hung up or in error, or `timeout`
  /// nanoseconds passed (nil: no limit; rounded up to whole milliseconds). Returns one
  /// readiness per interest (all false after a timeout or a signal).
  /// The corresponding C function is `poll`.
  public static func wait(_ interests: [Interest], timeout: UInt64?) throws(SystemCallError) -> [Readiness] {
    var fds = interests.map { interest in
      pollfd(
        fd: interest.descriptor,
        events: Int16((interest.readable ? POLLIN : 0) | (interest.writable ? POLLOUT : 0)), revents: 0)
    }
    let milliseconds =
      timeout.map { Int32(min($0 / 1_000_000 + ($0 % 1_000_000 == 0 ? 0 : 1), UInt64(Int32.max))) } ?? -1
    let ready = fds.withUnsafeMutableBufferPointer { buffer in
      poll(buffer.baseAddress, nfds_t(buffer.count), milliseconds)
    }
    let none = Readiness(readable: false, writable: false, failed: false)
    if ready == -1 {
      let error = Errno.current
      if error == .interrupted { return Array(repeating: none, count: interests.count) }
      throw SystemCallError("poll", errno: error)
    }
    return fds.map { fd in
      Readiness(
        readable: fd.revents & Int16(POLLIN) != 0, writable: fd.revents & Int16(POLLOUT) != 0,
        failed: fd.revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0)
    }
  }
}
