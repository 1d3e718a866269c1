/// What the control socket tolerates before it refuses: line size, clients, request rates,
/// subscribers.
public struct ControlLimits: Hashable, Sendable {
  /// The longest request line, in bytes (the newline not counted).
  public var maximumLineBytes: Int
  /// Clients connected at once (subscribers not counted); when one more comes, the one
  /// closest to its deadline is closed.
  public var maximumClients: Int
  /// Requests a second one client may send on average (bursts of twice that).
  public var requestsPerSecond: Double
  /// Requests a second from all clients together (bursts of twice that).
  public var totalRequestsPerSecond: Double
  /// Refused requests after which a client is disconnected.
  public var maximumRefusals: Int
  /// How long a client has to send a whole request line after it connects or after its last
  /// answer, in nanoseconds: a client that lingers is closed, so idle connections cannot lock
  /// the socket.
  public var requestDeadline: UInt64
  /// Clients subscribed to the frames at once (`nixie web` takes one).
  public var maximumSubscribers: Int
  /// The most output that may wait for one client; a subscriber that does not read is dropped.
  public var maximumPendingBytes: Int

  public init(
    maximumLineBytes: Int = 1024, maximumClients: Int = 8, requestsPerSecond: Double = 5,
    totalRequestsPerSecond: Double = 20, maximumRefusals: Int = 50, requestDeadline: UInt64 = 2_000_000_000,
    maximumSubscribers: Int = 4, maximumPendingBytes: Int = 256 * 1024
  ) {
    self.maximumLineBytes = maximumLineBytes
    self.maximumClients = maximumClients
    self.requestsPerSecond = requestsPerSecond
    self.totalRequestsPerSecond = totalRequestsPerSecond
    self.maximumRefusals = maximumRefusals
    self.requestDeadline = requestDeadline
    self.maximumSubscribers = maximumSubscribers
    self.maximumPendingBytes = maximumPendingBytes
  }
}
