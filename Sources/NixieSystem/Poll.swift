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
