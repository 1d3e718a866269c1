/// What `nixie web` reads of a request at most, and how long it waits for it.
public struct HTTPLimits: Hashable, Sendable {
  /// The request line and headers together, in bytes.
  public var maximumHeadBytes = 8192
  /// The request target (path and query), in bytes.
  public var maximumTargetBytes = 2048
  /// Header fields in one request.
  public var maximumHeaders = 64
  /// A request's body, in bytes.
  public var maximumBodyBytes = 16_384
  /// How long a client has from connecting to having sent its whole request (nanoseconds):
  /// a slow client is answered 408 and closed.
  public var requestDeadline: UInt64 = 10_000_000_000
  /// Connections at once, streams included.
  public var maximumConnections = 96
  /// Live streams (viewers of the tubes) at once.
  public var maximumStreams = 64
  /// The most output that may wait for one client; a viewer that does not read is dropped.
  public var maximumPendingBytes = 128 * 1024

  public init() {}
}
