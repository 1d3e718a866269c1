import CSystem
import Glibc

/// A TCP socket over IPv4 or IPv6: `nixie web`'s listener and its connections. Every call goes
/// through `SystemCall` (EINTR retried, errno kept).
public final class TCPSocket: @unchecked Sendable {
  /// A numeric IP address and a port: `127.0.0.1:8080`, `[::1]:8080`, `0.0.0.0:8080`. Host
  /// names are not looked up (nothing here resolves names).
  public struct Address: Hashable, Sendable, CustomStringConvertible {
    /// The address as text, without brackets (`::1`).
    public let host: String
    public let port: UInt16
    public let isIPv6: Bool

    /// Nil when `host` is not a numeric IPv4 or IPv6 address.
    /// The corresponding C function is `inet_pton`.
    public init?(host: String, port: UInt16) {
      var v4 = in_addr()
      var v6 = in6_addr()
      if inet_pton(AF_INET, host, &v4) == 1 {
        isIPv6 = false
      } else if inet_pton(AF_INET6, host, &v6) == 1 {
        isIPv6 = true
      } else {
        return nil
      }
      self.host = host
      self.port = port
    }

    /// Parses `HOST:PORT` with a numeric host, brackets around an IPv6 one (`[::]:8080`).
    public init?(_ text: String) {
      guard let colon = text.lastIndex(of: ":"), let port = UInt16(text[text.index(after: colon)...]) else {
        return nil
      }
      var host = String(text[..<colon])
      if host.hasPrefix("[") && host.hasSuffix("]") && host.count >= 2 {
        host = String(host.dropFirst().dropLast())
        guard host.contains(":") else { return nil }
      } else if host.contains(":") {
        return nil
      }
      self.init(host: host, port: port)
    }

    /// Whether only this machine can reach it (127.0.0.0/8 or ::1).
    public var isLoopback: Bool { isIPv6 ? host == "::1" : host.hasPrefix("127.") }

    /// `127.0.0.1:8080`, `[::1]:8080`.
    public var description: String { isIPv6 ? "[\(host)]:\(port)" : "\(host):\(port)" }

    /// Calls `body` with the C address and its length.
    func withSockaddr<Result>(_ body: (UnsafePointer<sockaddr>, socklen_t) -> Result) -> Result {
      if isIPv6 {
        var address = sockaddr_in6()
        address.sin6_family = sa_family_t(AF_INET6)
        address.sin6_port = port.bigEndian
        _ = inet_pton(AF_INET6, host, &address.sin6_addr)
        return Self.withGeneric(address, body)
      }
      var address = sockaddr_in()
      address.sin_family = sa_family_t(AF_INET)
      address.sin_port = port.bigEndian
      _ = inet_pton(AF_INET, host, &address.sin_addr)
      return Self.withGeneric(address, body)
    }

    /// Calls `body` with `address` (a `sockaddr_in` or `sockaddr_in6`) as a `sockaddr` and its size.
    private static func withGeneric<Address, Result>(
      _ address: Address, _ body: (UnsafePointer<sockaddr>, socklen_t) -> Result
    ) -> Result {
      withUnsafePointer(to: address) { pointer in
        pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          body($0, socklen_t(MemoryLayout<Address>.size))
        }
      }
    }

    /// A C string in `characters` (up to its NUL) as text.
    private static func text(_ characters: [CChar]) -> String {
      String(decoding: characters.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The address in `storage`, when it is IPv4 or IPv6.
    /// The corresponding C function is `inet_ntop`.
    static func from(_ storage: sockaddr_storage) -> Address? {
      switch Int32(storage.ss_family) {
      case AF_INET: read(storage, as: sockaddr_in.self, family: AF_INET) { ($0.sin_addr, $0.sin_port) }
      case AF_INET6: read(storage, as: sockaddr_in6.self, family: AF_INET6) { ($0.sin6_addr, $0.sin6_port) }
      default: nil
      }
    }

    /// `storage` read as its family's `sockaddr_in` or `sockaddr_in6`, whose address and port
    /// (in network order) `parts` takes out.
    private static func read<Specific, Raw>(
      _ storage: sockaddr_storage, as type: Specific.Type, family: Int32, _ parts: (Specific) -> (Raw, UInt16)
    ) -> Address? {
      var storage = storage
      let (address, port) = withUnsafePointer(to: &storage) { pointer in
        pointer.withMemoryRebound(to: Specific.self, capacity: 1) { parts($0.pointee) }
      }
      var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN) + 1)
      let written = withUnsafeBytes(of: address) { raw in
        inet_ntop(family, raw.baseAddress, &text, socklen_t(text.count))
      }
      guard written != nil else { return nil }
      return Address(host: Self.text(text), port: UInt16(bigEndian: port))
    }
  }

  public let descriptor: FileDescriptor
  /// The other end, for an accepted connection.
  public let peer: Address?

  private init(descriptor: FileDescriptor, peer: Address?) {
    self.descriptor = descriptor
    self.peer = peer
  }

  /// The corresponding C function is `socket(AF_INET or AF_INET6, SOCK_STREAM | SOCK_CLOEXEC, 0)`.
  private static func make(_ address: Address) throws(SystemCallError) -> TCPSocket {
    let type = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
    let fd = try SystemCall.run("socket") { socket(address.isIPv6 ? AF_INET6 : AF_INET, type, 0) }
    return TCPSocket(descriptor: FileDescriptor(fd), peer: nil)
  }

  /// A socket listening on `address` (SO_REUSEADDR, so a restart does not wait for old
  /// connections to time out; an IPv6 address takes IPv6 only). Port 0 takes a free port
  /// (`localAddress` says which).
  /// The corresponding C functions are `socket`, `setsockopt`, `bind` and `listen`.
  public static func listening(on address: Address, backlog: Int32 = 64) throws(SystemCallError) -> TCPSocket
  {
    let listener = try make(address)
    var one: Int32 = 1
    try SystemCall.run("setsockopt", subject: "SO_REUSEADDR") {
      setsockopt(
        listener.descriptor.rawValue, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
    }
    if address.isIPv6 {
      try SystemCall.run("setsockopt", subject: "IPV6_V6ONLY") {
        setsockopt(
          listener.descriptor.rawValue, Int32(IPPROTO_IPV6), IPV6_V6ONLY, &one,
          socklen_t(MemoryLayout<Int32>.size))
      }
    }
    try SystemCall.run("bind", subject: address.description) {
      address.withSockaddr { Glibc.bind(listener.descriptor.rawValue, $0, $1) }
    }
    try SystemCall.run("listen", subject: address.description) {
      Glibc.listen(listener.descriptor.rawValue, backlog)
    }
    return listener
  }

  /// A blocking connection to `address` (for clients and tests).
  /// The corresponding C functions are `socket` and `connect`.
  public static func connect(to address: Address) throws(SystemCallError) -> TCPSocket {
    let client = try make(address)
    try SystemCall.run("connect", subject: address.description) {
      address.withSockaddr { Glibc.connect(client.descriptor.rawValue, $0, $1) }
    }
    return TCPSocket(descriptor: client.descriptor, peer: address)
  }

  /// Where the socket is bound (the port the system chose for port 0).
  /// The corresponding C function is `getsockname`.
  public func localAddress() throws(SystemCallError) -> Address {
    var storage = sockaddr_storage()
    var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
    try SystemCall.run("getsockname") {
      withUnsafeMutablePointer(to: &storage) { pointer in
        pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          getsockname(descriptor.rawValue, $0, &length)
        }
      }
    }
    guard let address = Address.from(storage) else {
      throw SystemCallError("getsockname", errno: EAFNOSUPPORT)
    }
    return address
  }

  /// `accept4`: the next connection (non-blocking, close-on-exec) with its peer's address, or nil
  /// when none is waiting.
  public func accept() throws(SystemCallError) -> TCPSocket? {
    var storage = sockaddr_storage()
    var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
    let fd: Int32
    do {
      fd = try SystemCall.run("accept") {
        withUnsafeMutablePointer(to: &storage) { pointer in
          pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
            csystem_accept_nonblocking(descriptor.rawValue, $0, &length)
          }
        }
      }
    } catch {
      if [EAGAIN, EWOULDBLOCK, ECONNABORTED].contains(error.errno.rawValue) { return nil }
      throw error
    }
    return TCPSocket(descriptor: FileDescriptor(fd), peer: Address.from(storage))
  }

  /// Sets a receive timeout (SO_RCVTIMEO) for blocking reads.
  public func setReceiveTimeout(milliseconds: Int) throws(SystemCallError) {
    var timeout = timeval(tv_sec: milliseconds / 1000, tv_usec: (milliseconds % 1000) * 1000)
    try SystemCall.run("setsockopt", subject: "SO_RCVTIMEO") {
      setsockopt(
        descriptor.rawValue, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }
  }

  /// Sends all of `bytes` on a blocking socket.
  public func sendAll(_ bytes: [UInt8]) throws(SystemCallError) {
    var offset = 0
    while offset < bytes.count {
      let sent = try sendAvailable(bytes[offset...])
      if sent == 0 {
        _ = try Poll.wait([Poll.Interest(descriptor.rawValue, readable: false, writable: true)], timeout: nil)
      }
      offset += sent
    }
  }
}

extension TCPSocket: StreamSocket {
  public func acceptConnection() throws(SystemCallError) -> (any StreamSocket)? { try accept() }
  public var peerName: String { peer?.host ?? "unknown" }
}
