import Glibc

/// poll(2) over a few descriptors: which of them are readable (or hung up).
public enum Poll {
  /// Waits until one of `descriptors` is readable, hung up or in error, or `timeout`
  /// milliseconds passed (-1: no limit). Returns the indices that are ready.
  public static func readable(_ descriptors: [Int32], timeout: Int32) throws(SystemCallError) -> [Int] {
    var fds = descriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
    // Swift 6.0's withUnsafeMutableBufferPointer rethrows untyped: the error leaves as a Result.
    let outcome = fds.withUnsafeMutableBufferPointer { buffer -> Result<Int32, SystemCallError> in
      do throws(SystemCallError) {
        return .success(
          try SystemCall.run("poll") { poll(buffer.baseAddress, nfds_t(buffer.count), timeout) })
      } catch {
        return .failure(error)
      }
    }
    let ready = try outcome.get()
    guard ready > 0 else { return [] }
    return fds.indices.filter { fds[$0].revents != 0 }
  }
}
