/// How the bridge's connections to the broker went, and how long to wait before the next: 1 s
/// after a failure, doubling up to a minute, back to 1 s only once a connection has held for
/// `settled` (a connection that is closed soon after each login is a failure too). Another
/// client with the bridge's client id (a second `nixie mqtt` with the same node id) takes the
/// session: an MQTT 5 broker says so (reason 142; Mosquitto since 2.0.15), an older one (Debian
/// 12's 2.0.11, any MQTT 3.1.1 broker) just closes the connection — taken for that when it
/// happens `suspectAfter` times in a row within `shortLived` of logging in. Either way the
/// bridge steps aside for `takeoverWait` rather than take the session back. Pure: time is given.
struct BrokerSession: Hashable, Sendable {
  /// A connection that held this long is a good one: the backoff starts afresh.
  static let settled: UInt64 = 30_000_000_000
  /// A connection closed within this of its login is a short-lived one.
  static let shortLived: UInt64 = 10_000_000_000
  /// Short-lived connections in a row taken for another client with the id.
  static let suspectAfter = 2
  /// How long the bridge leaves the broker to another client with its id.
  static let takeoverWait: UInt64 = 300_000_000_000
  /// An MQTT 5 broker's reason code for a session another client took over.
  static let sessionTakenOver: Int32 = 142

  /// Why a connection ended, as far as the bridge can tell.
  enum Ending: Hashable, Sendable {
    /// The broker said another client took the session.
    case takenOver
    /// Closed soon after each of the last few logins: another client with the id, probably.
    case probablyTakenOver(times: Int)
    /// Anything else: the broker stopped, the network, a refusal.
    case other
  }

  private(set) var backoff = Backoff()
  private var connectedAt: UInt64?
  private var shortLivedInARow = 0

  /// Logged in at `now`.
  mutating func connected(at now: UInt64) { connectedAt = now }

  /// A connection (or a try) ended at `now` with `code` (a DISCONNECT's reason, or
  /// libmosquitto's error): what it was, and the wait before the next try.
  mutating func ended(code: Int32, at now: UInt64) -> (ending: Ending, wait: UInt64) {
    let since = connectedAt
    connectedAt = nil
    if let since, now >= since, now - since >= Self.settled {
      backoff.reset()
      shortLivedInARow = 0
    }
    if code == Self.sessionTakenOver {
      shortLivedInARow = 0
      _ = backoff.next()
      return (.takenOver, Self.takeoverWait)
    }
    if let since, now >= since, now - since < Self.shortLived {
      shortLivedInARow += 1
      if shortLivedInARow >= Self.suspectAfter {
        let times = shortLivedInARow
        shortLivedInARow = 0
        _ = backoff.next()
        return (.probablyTakenOver(times: times), Self.takeoverWait)
      }
    }
    return (.other, backoff.next())
  }

  /// A try that got no connection (refused, unreachable) at `now`: the wait before the next.
  mutating func failed(at now: UInt64) -> UInt64 {
    connectedAt = nil
    return backoff.next()
  }
}
