/// One client of a `StreamServer`: its socket, the output waiting to be sent, when it must
/// have done something, and the protocol's own `State`. Used on the server's thread only.
public final class StreamConnection<State> {
  public let socket: any StreamSocket
  /// The protocol's state for this client (a line buffer, a request being read, a stream).
  public var state: State
  /// When the server closes it unless the protocol moves the deadline (monotonic
  /// nanoseconds); nil: never (a subscriber waiting for events).
  public var deadline: UInt64?
  /// The most output that may wait for a client that does not read; more drops it.
  public let maximumPendingBytes: Int

  private var output: [UInt8] = []
  private var sent = 0
  /// Closed once its output is sent.
  public private(set) var isClosing = false
  /// Gone: dropped at once, output or not.
  public private(set) var isDropped = false

  init(socket: any StreamSocket, state: State, deadline: UInt64?, maximumPendingBytes: Int) {
    self.socket = socket
    self.state = state
    self.deadline = deadline
    self.maximumPendingBytes = maximumPendingBytes
  }

  /// Bytes queued and not yet taken by the kernel.
  public var pendingBytes: Int { output.count - sent }

  /// Queues `bytes` to be sent. False, and the connection is dropped, when that would leave
  /// more than `maximumPendingBytes` waiting: a client that does not read is never buffered
  /// without bound.
  @discardableResult
  public func send(_ bytes: [UInt8]) -> Bool {
    guard !isDropped, !isClosing else { return false }
    guard pendingBytes + bytes.count <= maximumPendingBytes else {
      drop()
      return false
    }
    if sent > 0 && sent >= output.count / 2 {
      output.removeFirst(sent)
      sent = 0
    }
    output += bytes
    return true
  }

  /// Closes the connection once what is queued has been sent.
  public func close() { isClosing = true }

  /// Closes the connection at once; queued output is lost.
  public func drop() {
    isDropped = true
    output = []
    sent = 0
  }

  /// Sends what the kernel takes now; drops the connection when the send fails.
  func flush() {
    guard !isDropped, pendingBytes > 0 else { return }
    do {
      sent += try socket.sendAvailable(output[sent...])
    } catch {
      drop()
      return
    }
    if sent == output.count {
      output.removeAll(keepingCapacity: output.count <= 65_536)
      sent = 0
    }
  }

  /// Whether the server is done with it.
  var isFinished: Bool { isDropped || (isClosing && pendingBytes == 0) }
}
