import NixieControl
import NixieCore
import NixieSystem
import NixieText

/// Asks the clock on a thread of its own, one request at a time, so the web server's thread
/// never waits for it: while the clock is stopped or hung (each request then takes the link's
/// whole deadline), the server goes on serving the page, its style, the frames and every other
/// client, and stops at once on SIGTERM (`stop()` ends the wait under way).
///
/// Why a thread rather than non-blocking requests on the server's thread: a stopped clock
/// takes the connection (its queue has room) and then says nothing, so even a non-blocking
/// exchange leaves the web request waiting for the deadline; on the server's thread that would
/// be a deadline-long stall for everyone, per request. The exchange stays as simple as
/// `nixie send`'s, and the server only hands requests over and collects answers.
///
/// At most `capacity` requests are taken at once (waiting or asked); `submit` refuses more
/// (the server answers those 503). A request that waited longer than `patience` behind others
/// is answered "not answering" without asking: a stopped clock costs each web request at most
/// about `patience` plus one deadline. Answers are collected with `takeFinished()` on the
/// server's thread, which `onFinish` wakes.
public final class ClockRequests: @unchecked Sendable {
  struct Job {
    var ticket: UInt64
    var question: ClockQuestion
    var submitted: UInt64
  }

  public let capacity: Int
  /// How long a request may wait for those before it.
  public let patience: UInt64
  private let monotonic: @Sendable () -> UInt64
  private let condition = Condition()
  /// Guarded by `condition`.
  private var waiting: [Job] = []
  private var running = 0
  private var finished:
    [(ticket: UInt64, question: ClockQuestion, answer: Result<JSONValue, ControlClient.Failure>)] = []
  private let worker = WorkerThread()
  private let onFinish = LockedAction<Void, Void>()

  public init(
    capacity: Int = 16, patience: UInt64 = 2_000_000_000,
    monotonic: @escaping @Sendable () -> UInt64 = { SystemClock().now() }
  ) {
    self.capacity = max(capacity, 1)
    self.patience = patience
    self.monotonic = monotonic
  }

  /// How a `ControlSocketLink` asked on this thread waits: `stop()` ends it at once.
  public var wait: SocketWait { .worker(worker) }

  /// Called on this thread after each answer.
  public func notify(_ action: @escaping @Sendable () -> Void) { onFinish.set(action) }

  public func start() throws(SystemCallError) {
    try worker.start(
      name: "nixie-web-clock",
      onStop: { [condition] in
        condition.withLock { condition.broadcast() }
      }
    ) { [self] in run() }
  }

  /// Stops at once: the request under way is cancelled, waiting ones are dropped.
  public func stop() {
    worker.stop()
    condition.withLock { waiting.removeAll() }
  }

  /// Queues `question` under `ticket`; false when `capacity` requests are already taken.
  func submit(_ question: ClockQuestion, ticket: UInt64) -> Bool {
    let now = monotonic()
    return condition.withLock {
      guard !worker.isStopping, waiting.count + running + finished.count < capacity else { return false }
      waiting.append(Job(ticket: ticket, question: question, submitted: now))
      condition.broadcast()
      return true
    }
  }

  /// The answers since the last call, in the order they came.
  func takeFinished() -> [(
    ticket: UInt64, question: ClockQuestion, answer: Result<JSONValue, ControlClient.Failure>
  )] {
    condition.withLock {
      defer { finished.removeAll() }
      return finished
    }
  }

  /// Requests taken and not yet collected.
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
      let waited = monotonic() - min(job.submitted, monotonic())
      let answer: Result<JSONValue, ControlClient.Failure> =
        waited > patience
        ? .failure(
          .notAnswering(path: "", milliseconds: Int(waited / 1_000_000), "no answer to the requests before"))
        : job.question.ask()
      if case .failure(.cancelled) = answer { return }
      condition.withLock {
        running = 0
        finished.append((job.ticket, job.question, answer))
      }
      onFinish()
    }
  }
}
