import NixieSystem

/// Checks login passwords on a thread of its own, one at a time, so the slow hash never holds
/// up the web server's thread: while a password is being checked the server keeps answering
/// pages, the API and the frames stream.
///
/// At most `capacity` logins are taken at once (the one being checked and those waiting their
/// turn); `submit` refuses more, and the server answers those 503 with `Retry-After`. Finished
/// checks are collected with `takeFinished()` on the server's thread, which `onFinish` wakes.
/// The check itself is a parameter, so tests hold it on a condition they control.
public final class PasswordVerifier: Sendable {
  /// Whether `password` is the one `hash` holds.
  public typealias Check = @Sendable (_ hash: PasswordHash, _ password: String) -> Bool

  private let queue: WorkQueue<LoginAttempt, Bool>

  /// A verifier taking at most `capacity` (at least 1) logins at once, checking each with
  /// `check`; by default `PasswordHash.verify` with libcrypt's working memory allocated once,
  /// for this verifier's thread.
  public init(
    capacity: Int = 4,
    check: @escaping Check = { [libcrypt = Libcrypt()] hash, password in
      hash.verify(password, using: libcrypt)
    }
  ) {
    queue = WorkQueue(capacity: capacity) { attempt in check(attempt.hash, attempt.password) }
  }

  /// How many logins may be taken at once: the one being checked and those waiting their turn.
  public var capacity: Int { queue.capacity }

  /// Called on the verifier's thread after each check.
  public func notify(_ action: @escaping @Sendable () -> Void) { queue.notify(action) }

  /// Starts the verifier's thread.
  public func start() throws(SystemCallError) { try queue.start(name: "nixie-web-login") }

  /// Stops once the check under way (if any) is done; waiting logins are dropped.
  public func stop() { queue.stop() }

  /// Queues `attempt` under `ticket`; false when `capacity` logins are already taken.
  func submit(_ attempt: LoginAttempt, ticket: UInt64) -> Bool { queue.submit(attempt, ticket: ticket) }

  /// The checks done since the last call, in the order they finished.
  func takeFinished() -> [(ticket: UInt64, verified: Bool)] {
    queue.takeFinished().map { ($0.ticket, $0.answer) }
  }

  /// Logins taken and not yet collected: waiting, being checked, or checked.
  public var pending: Int { queue.pending }
}
