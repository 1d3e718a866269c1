import Glibc

/// A client's side of a Unix stream socket that never waits past a deadline, however stuck the
/// listener is (stopped with SIGSTOP, hung, its queue full): the control socket's clients.
extension UnixSocket {
  /// How a connect to a full queue is tried again: first after 1 ms, doubling to 50 ms.
  static let connectRetry: (first: UInt64, longest: UInt64) = (1_000_000, 50_000_000)

  /// A new stream socket connected to `address` by `deadline` (monotonic nanoseconds of
  /// `wait.now`), non-blocking. Fails with ECONNREFUSED or ENOENT when nothing listens there,
  /// and with ETIMEDOUT when the listener did not take the connection by the deadline.
  ///
  /// The kernel's behaviour decides the wait: a blocking connect to an AF_UNIX listener whose
  /// queue is full sleeps until the listener accepts — for ever, if it is stopped — while a
  /// non-blocking one returns EAGAIN at once, and poll(2) has no event for room in that queue
  /// (an unconnected socket polls writable). So the connect is non-blocking and tried again
  /// after a pause that doubles from 1 ms to 50 ms until the deadline. EINPROGRESS (not
  /// returned for AF_UNIX today) waits for writability and then reads SO_ERROR.
  /// The corresponding C functions are `socket`, `connect`, `poll` and `getsockopt`.
  public static func connect(to address: Address, by deadline: UInt64, waiting wait: SocketWait)
    throws(SystemCallError) -> UnixSocket
  {
    let socket = try UnixSocket(datagram: false)
    try socket.descriptor.setNonBlocking()
    var pause = connectRetry.first
    while true {
      let result = address.withSockaddr { Glibc.connect(socket.descriptor.rawValue, $0, $1) }
      if result == 0 { return socket }
      let error = Errno.current
      switch error.rawValue {
      case EINTR:
        continue
      case EINPROGRESS:
        let ready = try wait.until(
          deadline, Poll.Interest(socket.descriptor.rawValue, readable: false, writable: true))
        guard ready != nil else { throw SystemCallError("connect", subject: address.text, errno: ETIMEDOUT) }
        var status: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        try SystemCall.run("getsockopt", subject: address.text) {
          getsockopt(socket.descriptor.rawValue, SOL_SOCKET, SO_ERROR, &status, &length)
        }
        guard status == 0 else { throw SystemCallError("connect", subject: address.text, errno: status) }
        return socket
      case EAGAIN:
        // The listener's queue is full: it is not accepting (stopped, hung, or swamped).
        guard wait.now() < deadline else {
          throw SystemCallError("connect", subject: address.text, errno: ETIMEDOUT)
        }
        try wait.pause(pause, until: deadline)
        pause = min(pause * 2, connectRetry.longest)
      default:
        throw SystemCallError("connect", subject: address.text, errno: error)
      }
    }
  }

  /// Sends all of `bytes` by `deadline` on a connected non-blocking socket, waiting for room
  /// with poll; ETIMEDOUT when the peer did not take them in time.
  public func send(_ bytes: [UInt8], by deadline: UInt64, waiting wait: SocketWait) throws(SystemCallError) {
    var rest = bytes[...]
    while !rest.isEmpty {
      let taken = try sendAvailable(rest)
      rest = rest.dropFirst(taken)
      if rest.isEmpty { return }
      let ready = try wait.until(
        deadline, Poll.Interest(descriptor.rawValue, readable: false, writable: true))
      guard ready != nil else { throw SystemCallError("send", errno: ETIMEDOUT) }
    }
  }

  /// Up to `count` bytes by `deadline` on a connected non-blocking socket: empty at end of
  /// stream; ETIMEDOUT when nothing came in time.
  public func receive(upTo count: Int, by deadline: UInt64, waiting wait: SocketWait) throws(SystemCallError)
    -> [UInt8]
  {
    while true {
      if let bytes = try receive(upTo: count) { return bytes }
      guard try wait.until(deadline, Poll.Interest(descriptor.rawValue)) != nil else {
        throw SystemCallError("recv", errno: ETIMEDOUT)
      }
    }
  }
}
