/// Work done one item at a time on a thread of its own, for a server whose own thread must
/// never wait for it (a slow password hash, a clock that does not answer).
///
/// `submit` queues an item under the caller's ticket and refuses it once `capacity` items are
/// taken — waiting, being done, or done and not yet collected — so a flood costs bounded memory.
/// The thread does the items in turn with `perform`, runs the `notify` action after each (to
/// wake the server), and the server collects the answers, in the order they came, with
/// `takeFinished()`. `stop()` ends the thread at once: the item under way ends through
/// `onStop` (given to `start`), waiting items are dropped.
public final class WorkQueue<Work: Sendable, Answer: Sendable>: @unchecked Sendable {
  /// Does one item: its answer, or nil when `stop()` cancelled it (the thread then ends).
  public typealias Perform = @Sendable (Work) -> Answer?

  /// How many items may be taken at once (at least 1).
  public let capacity: Int
  private let perform: Perform
  private let condition = Condition()
  /// Guarded by `condition`.
  private var waiting: [(ticket: UInt64, work: Work)] = []
  private var running = 0
  private var finished: [(ticket: UInt64, work: Work, answer: Answer)] = []
  private let worker = WorkerThread()
  private let onFinish = LockedAction<Void, Void>()

  public init(capacity: Int, perform: @escaping Perform) {
    self.capacity = max(capacity, 1)
    self.perform = perform
  }

  /// How a blocking call made by `perform` waits: `stop()` ends that wait at once.
  public var socketWait: SocketWait { .worker(worker) }

  /// Called on the queue's thread after each answer.
  public func notify(_ action: @escaping @Sendable () -> Void) { onFinish.set(action) }

  /// Starts the thread, named `name`.
  public func start(name: String) throws(SystemCallError) {
    try worker.start(
      name: name,
      onStop: { [condition] in
        condition.withLock { condition.broadcast() }
      }
    ) { [self] in run() }
  }

  /// Stops the thread and drops the waiting items.
  public func stop() {
    worker.stop()
    condition.withLock { waiting.removeAll() }
  }

  /// Queues `work` under `ticket`; false when `capacity` items are already taken or the
  /// queue is stopping.
  public func submit(_ work: Work, ticket: UInt64) -> Bool {
    condition.withLock {
      guard !worker.isStopping, waiting.count + running + finished.count < capacity else { return false }
      waiting.append((ticket, work))
      condition.broadcast()
      return true
    }
  }

  /// The answers since the last call, in the order they came.
  public func takeFinished() -> [(ticket: UInt64, work: Work, answer: Answer)] {
    condition.withLock {
      defer { finished.removeAll() }
      return finished
    }
  }

  /// Items taken and not yet collected.
  public var pending: Int { condition.withLock { waiting.count + running + finished.count } }

  private func run() {
    while true {
      condition.lock()
      while waiting.isEmpty && !worker.isStopping { condition.wait() }
      if worker.isStopping {
        condition.unlock()
        return
      }
      let item = waiting.removeFirst()
      running = 1
      condition.unlock()
      guard let answer = perform(item.work) else { return }
      condition.withLock {
        running = 0
        finished.append((item.ticket, item.work, answer))
      }
      onFinish()
    }
  }
}
