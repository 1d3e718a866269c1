import NixieControl
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
public final class ClockRequests: Sendable {
  struct Job: Sendable {
    var question: ClockQuestion
    var submitted: UInt64
  }

  /// How long a request may wait for those before it.
  public let patience: UInt64
  private let monotonic: @Sendable () -> UInt64
  private let queue: WorkQueue<Job, Result<JSONValue, ControlClient.Failure>>

  public init(
    capacity: Int = 16, patience: UInt64 = 2_000_000_000,
    monotonic: @escaping @Sendable () -> UInt64 = { SystemClock().now() }
  ) {
    self.patience = patience
    self.monotonic = monotonic
    queue = WorkQueue(capacity: capacity) { job in
      let waited = monotonic() - min(job.submitted, monotonic())
      let answer: Result<JSONValue, ControlClient.Failure> =
        waited > patience
        ? .failure(
          .notAnswering(path: "", milliseconds: Int(waited / 1_000_000), "no answer to the requests before"))
        : job.question.ask()
      if case .failure(.cancelled) = answer { return nil }
      return answer
    }
  }

  /// How many requests may be taken at once.
  public var capacity: Int { queue.capacity }

  /// How a `ControlSocketLink` asked on this thread waits: `stop()` ends it at once.
  public var wait: SocketWait { queue.socketWait }

  /// Called on this thread after each answer.
  public func notify(_ action: @escaping @Sendable () -> Void) { queue.notify(action) }

  public func start() throws(SystemCallError) { try queue.start(name: "nixie-web-clock") }

  /// Stops at once: the request under way is cancelled, waiting ones are dropped.
  public func stop() { queue.stop() }

  /// Queues `question` under `ticket`; false when `capacity` requests are already taken.
  func submit(_ question: ClockQuestion, ticket: UInt64) -> Bool {
    queue.submit(Job(question: question, submitted: monotonic()), ticket: ticket)
  }

  /// The answers since the last call, in the order they came.
  func takeFinished() -> [(
    ticket: UInt64, question: ClockQuestion, answer: Result<JSONValue, ControlClient.Failure>
  )] {
    queue.takeFinished().map { ($0.ticket, $0.work.question, $0.answer) }
  }

  /// Requests taken and not yet collected.
  public var pending: Int { queue.pending }
}
