import NixieText

/// The logged-in browsers of `nixie web`: each a random session identifier (the cookie) with
/// its own CSRF token, expiring after a day, at most `maximum` at once (the oldest goes).
/// Time and randomness are parameters, so it is tested without waiting.
public struct WebSessions: Sendable {
  /// One logged-in browser.
  public struct Session: Hashable, Sendable {
    /// The cookie's value: 32 random bytes in hexadecimal.
    public let id: String
    /// What every change must carry in `X-CSRF-Token`: 32 more random bytes.
    public let csrf: String
    public let expires: UInt64
  }

  public let lifetime: UInt64
  public let maximum: Int
  private var sessions: [String: Session] = [:]

  public init(lifetime: UInt64 = 86_400_000_000_000, maximum: Int = 32) {
    self.lifetime = lifetime
    self.maximum = maximum
  }

  /// A new session from 64 random bytes, made at monotonic `now`.
  public mutating func create(random: [UInt8], at now: UInt64) -> Session {
    sessions = sessions.filter { $0.value.expires > now }
    while sessions.count >= maximum, let oldest = sessions.values.min(by: { $0.expires < $1.expires }) {
      sessions[oldest.id] = nil
    }
    let session = Session(
      id: Hex.string(Array(random.prefix(32))),
      csrf: Hex.string(Array(random.dropFirst(32).prefix(32))),
      expires: now + lifetime)
    sessions[session.id] = session
    return session
  }

  /// The session with cookie value `id`, if it is live at `now`.
  public func session(_ id: String?, at now: UInt64) -> Session? {
    guard let id, let session = sessions[id], session.expires > now else { return nil }
    return session
  }

  public mutating func remove(_ id: String) { sessions[id] = nil }

  public var count: Int { sessions.count }
}
