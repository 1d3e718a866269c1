import NixieSystem

/// Checks login passwords on a thread of its own, one at a time, so the slow hash never holds
/// up the web server's thread: while a password is being checked the server keeps answering
/// pages, the API and the frames stream.
///
/// At most `capacity` logins are taken at once (the one being checked and those waiting their
/// turn); `submit` refuses more, and the server answers those 503 with `Retry-After`. Finished
/// checks are collected with `takeFinished()` on the server's thread, which `onFinish` wakes.
/// The check itself is a parameter, so tests hold it on a condition they control.
public final class PasswordVerifier: @unchecked Sendable {
  /// A login waiting for its check: its number (to find the connection again), the stored hash
  /// and the password given.
  struct Job {
    var ticket: UInt64
    var attempt: LoginAttempt
  }

  /// Whether `password` is the one `hash` holds.
  public typealias Check = @Sendable (_ hash: PasswordHash, _ password: String) -> Bool

  public let capacity: Int
  private let check: Check
  private let condition = Condition()
  /// Guarded by `condition`.
  private var waiting: [Job] = []
  private var running = 0
  private var finished: [(ticket: UInt64, verified: Bool)] = []
  private let worker = WorkerThread()
  private let onFinish = LockedAction<Void, Void>()

  /// A verifier taking at most `capacity` (at least 1) logins at once, checking each with
  /// `check`; by default `PasswordHash.verify` with libcrypt's working memory allocated once,
  /// for this verifier's thread.
  public init(
    capacity: Int = 4,
    check: @escaping Check = { [libcrypt = Libcrypt()] hash, password in
      hash.verify(password, using: libcrypt)
    }
  ) {
    self.capacity = max(capacity, 1)
    self.check = check
  }

  /// Called on the verifier's thread after each check.
  public func notify(_ action: @escaping @Sendable () -> Void) { onFinish.set(action) }

  /// Starts the verifier's thread.
  public func start() throws(SystemCallError) {
    try worker.start(
      name: "nixie-web-login",
      onStop: { [condition] in
        condition.withLock { condition.broadcast() }
      }
    ) { [self] in run() }
  }

  /// Stops once the check under way (if any) is done; waiting logins are dropped.
  public func stop() {
    worker.stop()
    condition.withLock { waiting.removeAll() }
  }

  /// Queues `attempt` under `ticket`; false when `capacity` logins are already taken.
  func submit(_ attempt: LoginAttempt, ticket: UInt64) -> Bool {
    condition.withLock {
      guard !worker.isStopping, waiting.count + running + finished.count < capacity else { return false }
      waiting.append(Job(ticket: ticket, attempt: attempt))
      condition.broadcast()
      return true
    }
  }

  /// The checks done since the last call, in the order they finished.
  func takeFinished() -> [(ticket: UInt64, verified: Bool)] {
    condition.withLock {
      defer { finished.removeAll() }
      return finished
    }
  }

  /// Logins taken and not yet collected: waiting, being checked, or checked.
  public var pending: Int { condition.withLock { waiting.count + running + finished.count } }

  private func run() {
    while true {
      condition.lock()
      while waiting.isEmpty && !worker.isStopping { condition.wait() }
      if worker.isStopping {
        condition.unlock()
        return
      }
      let job = waiting.removeFirst()
      running = 1
      condition.unlock()
      let verified = check(job.attempt.hash, job.attempt.password)
      condition.withLock {
        running = 0
        finished.append((job.ticket, verified))
      }
      onFinish()
    }
  }
}
