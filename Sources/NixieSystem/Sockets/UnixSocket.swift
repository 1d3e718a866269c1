import Glibc

/// An AF_UNIX socket (stream or datagram): the control socket, its clients, and systemd's
/// notification socket. Every call goes through `SystemCall` (EINTR retried, errno kept).
public final class UnixSocket: @unchecked Sendable {
  /// Where a Unix socket lives: a path, or — written `@name` as systemd does — a name in the
  /// abstract namespace (no file).
  public struct Address: Hashable, Sendable, CustomStringConvertible {
    public let text: String

    /// Nil when the name does not fit in `sun_path` or is empty.
    public init?(_ text: String) {
      let capacity = MemoryLayout.size(ofValue: sockaddr_un().sun_path)
      guard !text.isEmpty, text.utf8.count < capacity, !text.utf8.contains(0) else { return nil }
      self.text = text
    }

    public var isAbstract: Bool { text.hasPrefix("@") }
    public var description: String { text }

    /// Calls `body` with the C address and its length.
    func withSockaddr<Result>(_ body: (UnsafePointer<sockaddr>, socklen_t) -> Result) -> Result {
      var address = sockaddr_un()
      address.sun_family = sa_family_t(AF_UNIX)
      var bytes = Array(text.utf8)
      if isAbstract { bytes[0] = 0 }
      withUnsafeMutableBytes(of: &address.sun_path) { path in
        for (index, byte) in bytes.enumerated() { path[index] = byte }
      }
      let pathOffset = MemoryLayout<sockaddr_un>.offset(of: \.sun_path) ?? 2
      // An abstract name's length is exact; a path is NUL-terminated.
      let length = socklen_t(pathOffset + bytes.count + (isAbstract ? 0 : 1))
      return withUnsafePointer(to: &address) { pointer in
        pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, length) }
      }
    }
  }

  public let descriptor: FileDescriptor

  private init(descriptor: FileDescriptor) { self.descriptor = descriptor }

  /// The corresponding C function is `socket(AF_UNIX, type | SOCK_CLOEXEC, 0)`.
  public convenience init(datagram: Bool) throws(SystemCallError) {
    let type = Int32(datagram ? SOCK_DGRAM.rawValue : SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
    let fd = try SystemCall.run("socket") { socket(AF_UNIX, type, 0) }
    self.init(descriptor: FileDescriptor(fd))
  }

  /// `bind`: creates the socket file (or abstract name).
  public func bind(to address: Address) throws(SystemCallError) {
    try SystemCall.run("bind", subject: address.text) {
      address.withSockaddr { Glibc.bind(descriptor.rawValue, $0, $1) }
    }
  }

  /// `listen` with a small backlog.
  public func listen(backlog: Int32 = 8) throws(SystemCallError) {
    try SystemCall.run("listen") { Glibc.listen(descriptor.rawValue, backlog) }
  }

  /// `accept`: the next client (non-blocking, close-on-exec), or nil when none is waiting on a non-blocking socket.
  public func accept() throws(SystemCallError) -> UnixSocket? {
    let fd: Int32
    do {
      fd = try SystemCall.run("accept") { Glibc.accept(descriptor.rawValue, nil, nil) }
    } catch {
      if [EAGAIN, EWOULDBLOCK, ECONNABORTED].contains(error.errno.rawValue) { return nil }
      throw error
    }
    let client = UnixSocket(descriptor: FileDescriptor(fd))
    try SystemCall.run("fcntl") { fcntl(fd, F_SETFD, FD_CLOEXEC) }
    try client.descriptor.setNonBlocking()
    return client
  }

  /// `connect`.
  public func connect(to address: Address) throws(SystemCallError) {
    try SystemCall.run("connect", subject: address.text) {
      address.withSockaddr { Glibc.connect(descriptor.rawValue, $0, $1) }
    }
  }

  /// `sendto`: one datagram to `address`.
  public func send(_ bytes: [UInt8], to address: Address) throws(SystemCallError) {
    try SystemCall.run("sendto", subject: address.text) {
      bytes.withUnsafeBytes { raw in
        address.withSockaddr {
          sendto(descriptor.rawValue, raw.baseAddress, raw.count, Int32(MSG_NOSIGNAL), $0, $1)
        }
      }
    }
  }

  /// `send` of all of `bytes` on a connected stream, never raising SIGPIPE. Returns false when
  /// a non-blocking socket's buffer is full.
  @discardableResult
  public func send(_ bytes: [UInt8]) throws(SystemCallError) -> Bool {
    var offset = 0
    while offset < bytes.count {
      do {
        offset += try SystemCall.run("send") {
          bytes.withUnsafeBytes {
            Glibc.send(descriptor.rawValue, $0.baseAddress! + offset, $0.count - offset, Int32(MSG_NOSIGNAL))
          }
        }
      } catch {
        if error.errno.rawValue == EAGAIN || error.errno.rawValue == EWOULDBLOCK { return false }
        throw error
      }
    }
    return true
  }

  /// `recv` of up to `count` bytes: empty at end of stream, nil when nothing is waiting on a
  /// non-blocking socket.
  public func receive(upTo count: Int) throws(SystemCallError) -> [UInt8]? {
    var buffer = [UInt8](repeating: 0, count: count)
    let got: Int
    do {
      got = try SystemCall.run("recv") {
        buffer.withUnsafeMutableBytes { recv(descriptor.rawValue, $0.baseAddress, count, 0) }
      }
    } catch {
      if error.errno.rawValue == EAGAIN || error.errno.rawValue == EWOULDBLOCK { return nil }
      throw error
    }
    return Array(buffer.prefix(got))
  }

  /// Sets a receive timeout (SO_RCVTIMEO) for blocking reads.
  public func setReceiveTimeout(milliseconds: Int) throws(SystemCallError) {
    var timeout = timeval(tv_sec: milliseconds / 1000, tv_usec: (milliseconds % 1000) * 1000)
    try SystemCall.run("setsockopt") {
      setsockopt(
        descriptor.rawValue, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }
  }
}
