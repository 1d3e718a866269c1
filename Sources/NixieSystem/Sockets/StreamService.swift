/// A protocol spoken on a `StreamServer`: the control socket's lines, `nixie web`'s HTTP. The
/// server owns the sockets, the limits on clients and the deadlines; the service says what a
/// client's bytes mean. Every method runs on the server's thread, to which the service is handed
/// (so it is Sendable).
public protocol StreamService: AnyObject, Sendable {
  /// The protocol's state for one client.
  associatedtype State

  /// The most clients at once; one more takes the place of the one closest to its deadline.
  var maximumConnections: Int { get }
  /// The most output that may wait for one client.
  var maximumPendingBytes: Int { get }

  /// A new client arrived at `now`: its state, and when it must have sent something (nil:
  /// never).
  func opened(by socket: any StreamSocket, at now: UInt64) -> (state: State, deadline: UInt64?)
  /// `bytes` (never empty) arrived from `connection`.
  func received(_ bytes: [UInt8], on connection: StreamConnection<State>, at now: UInt64)
  /// The server was woken (`StreamServer.wake()`) or the tick the last call asked for came due:
  /// the time to push to clients (events, streams). Returns when to be called again (nil: on
  /// the next wake only).
  func tick(_ connections: [StreamConnection<State>], at now: UInt64) -> UInt64?
  /// Said to a client closed to make room for a new one, just before it goes.
  func evictionNotice() -> [UInt8]
  /// Said to a client closed at its deadline (one too slow to send its request), just before
  /// it goes; what the kernel takes at once is sent, the rest is lost.
  func deadlineNotice() -> [UInt8]
  /// The client is gone (hung up, dropped, evicted, or past its deadline).
  func closed(_ connection: StreamConnection<State>)
}
