import Glibc

/// A connected or listening stream socket, Unix or TCP: what `StreamServer` serves on. The
/// socket is non-blocking once served; reads and writes take what is there and never wait.
public protocol StreamSocket: AnyObject, Sendable {
  var descriptor: FileDescriptor { get }
  /// The next waiting connection (non-blocking, close-on-exec), or nil when none waits.
  func acceptConnection() throws(SystemCallError) -> (any StreamSocket)?
  /// Who is at the other end, for limits and logs: an IP address, or `local` for a Unix socket.
  var peerName: String { get }
}

extension StreamSocket {
  /// Sends what the kernel takes now of `bytes` (never raising SIGPIPE) and returns how many
  /// it took: fewer than given, or 0, when the socket's buffer is full.
  /// The corresponding C function is `send` with `MSG_NOSIGNAL`.
  public func sendAvailable(_ bytes: ArraySlice<UInt8>) throws(SystemCallError) -> Int {
    guard !bytes.isEmpty else { return 0 }
    do {
      return try SystemCall.run("send") {
        bytes.withUnsafeBytes { raw in
          Glibc.send(descriptor.rawValue, raw.baseAddress, raw.count, Int32(MSG_NOSIGNAL))
        }
      }
    } catch {
      if error.errno.rawValue == EAGAIN || error.errno.rawValue == EWOULDBLOCK { return 0 }
      throw error
    }
  }

  /// Up to `count` bytes: empty at end of stream, nil when nothing waits.
  /// The corresponding C function is `recv`.
  public func receiveAvailable(upTo count: Int) throws(SystemCallError) -> [UInt8]? {
    var buffer = [UInt8](repeating: 0, count: max(count, 1))
    let got: Int
    do {
      got = try SystemCall.run("recv") {
        buffer.withUnsafeMutableBytes { recv(descriptor.rawValue, $0.baseAddress, $0.count, 0) }
      }
    } catch {
      if error.errno.rawValue == EAGAIN || error.errno.rawValue == EWOULDBLOCK { return nil }
      throw error
    }
    return Array(buffer.prefix(got))
  }
}

extension UnixSocket: StreamSocket {
  public func acceptConnection() throws(SystemCallError) -> (any StreamSocket)? { try accept() }
  public var peerName: String { "local" }
}
