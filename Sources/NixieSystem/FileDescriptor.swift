import Glibc

/// An open file descriptor this process owns: closed exactly once, when the owner goes away.
public final class FileDescriptor: @unchecked Sendable {
  public let rawValue: Int32
  private let owned: Bool

  /// Takes ownership of `rawValue`.
  public init(_ rawValue: Int32) {
    self.rawValue = rawValue
    owned = true
  }

  /// Uses `rawValue` without owning it (standard input): it stays open.
  public init(borrowing rawValue: Int32) {
    self.rawValue = rawValue
    owned = false
  }

  deinit { if owned { close(rawValue) } }

  /// Reads up to `count` bytes; an empty result means end of file. `nil` when a non-blocking
  /// descriptor has nothing to read (EAGAIN).
  public func read(upTo count: Int) throws(SystemCallError) -> [UInt8]? {
    var buffer = [UInt8](repeating: 0, count: count)
    let got: Int
    do {
      got = try SystemCall.run("read") {
        buffer.withUnsafeMutableBytes { Glibc.read(rawValue, $0.baseAddress, count) }
      }
    } catch {
      if error.errno.rawValue == EAGAIN || error.errno.rawValue == EWOULDBLOCK { return nil }
      throw error
    }
    return Array(buffer.prefix(got))
  }

  /// Writes all of `bytes` (a short write is continued).
  public func write(_ bytes: [UInt8]) throws(SystemCallError) {
    var offset = 0
    while offset < bytes.count {
      let written = try SystemCall.run("write") {
        bytes.withUnsafeBytes { raw -> Int in
          guard let base = raw.baseAddress else { return 0 }
          return Glibc.write(rawValue, base + offset, raw.count - offset)
        }
      }
      offset += written
    }
  }

  /// Sets or clears O_NONBLOCK.
  public func setNonBlocking(_ on: Bool = true) throws(SystemCallError) {
    let flags = try SystemCall.run("fcntl") { fcntl(rawValue, F_GETFL) }
    try SystemCall.run("fcntl") { fcntl(rawValue, F_SETFL, on ? flags | O_NONBLOCK : flags & ~O_NONBLOCK) }
  }
}
