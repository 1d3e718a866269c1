import CSystem
import Glibc
import NixieCore

/// A thread of our own (not the cooperative async pool) for a loop that blocks — the frame
/// thread, the socket servers, the knob, the frames relay, the login checks, the backlight —
/// and the one place a thread's life is handled: started once under a name, moved to a
/// scheduling priority, woken, told to stop, joined.
///
/// Nothing polls to notice a stop. `stop()` sets `isStopping`, which the body checks before
/// each wait, and ends the wait the body is in at once:
/// - a wait in `wait(for:timeout:)` (poll(2) on the body's descriptors and the worker's own
///   eventfd) returns nil;
/// - a wait on the `ThreadParker` the worker hands the body (`start(name:parkingOn:_:)`) is
///   ended by unparking it;
/// - any other wait (a `Condition`, a line source's own wake-up) is ended by the `onStop`
///   action given to `start`, run on the stopping thread.
///
/// Then `stop()` joins the thread. `stop()` and `join()` may come more than once and from any
/// thread; on the worker's own thread they do not wait for it (it cannot end while it waits
/// for itself), and a later `join()` from elsewhere still does. A worker runs once: `start`
/// after `stop` starts nothing. A thread that is never joined is detached when the worker
/// goes away.
public final class WorkerThread: @unchecked Sendable {
  /// How the thread is scheduled.
  public enum Priority: Sendable, Equatable {
    /// The normal time-shared policy (SCHED_OTHER).
    case normal
    /// SCHED_FIFO at `RealTime.priority` (`--realtime`).
    case realTime
  }

  /// What `wait(for:timeout:)` saw.
  public struct Ready: Sendable {
    /// What poll said of each descriptor asked about, in order.
    public var descriptors: [Poll.Readiness]
    /// `wake()` came since the last wait.
    public var woken: Bool
  }

  // Everything below is guarded by `condition`.
  private let condition = Condition()
  private var thread: pthread_t?
  private var stopping = false
  private var joining = false
  private var joined = false
  private var priority = Priority.normal
  /// Ends the body's own wait; dropped once used or once the body has returned.
  private var onStop: (@Sendable () -> Void)?
  /// Readable after `wake()` (until a wait takes it) and for good after `stop()`.
  private var event: WakeUpEvent?
  /// A `wake()` before the thread started.
  private var wokenEarly = false

  public init() {}

  deinit { if let thread, !joined { pthread_detach(thread) } }

  /// Starts `body` on a new thread named `name` (at most 15 bytes show in `top -H`), at the
  /// priority set so far (a refusal leaves it at normal priority: `setPriority` once it runs
  /// says why). `onStop` is what ends the body's own waits when `stop()` comes. Returns false,
  /// starting nothing, when it started before or was stopped first; throws when the system
  /// cannot make a thread or its eventfd.
  /// The corresponding C functions are `pthread_create` and `pthread_setname_np`.
  @discardableResult
  public func start(
    name: String, onStop: @escaping @Sendable () -> Void = {}, _ body: @escaping @Sendable () -> Void
  ) throws(SystemCallError) -> Bool {
    condition.lock()
    defer { condition.unlock() }
    guard thread == nil, !stopping else { return false }
    let event = try WakeUpEvent()
    if wokenEarly { event.signal() }
    let box = Unmanaged.passRetained(
      Body(name: name) { [self] in
        body()
        condition.withLock { self.onStop = nil }
      }
    ).toOpaque()
    var handle = pthread_t()
    let result = pthread_create(
      &handle, nil,
      { context in
        guard let context else { return nil }
        let body = Unmanaged<Body>.fromOpaque(context).takeRetainedValue()
        csystem_name_this_thread(body.name)
        body.run()
        return nil
      }, box)
    if result != 0 {
      Unmanaged<Body>.fromOpaque(box).release()
      throw SystemCallError("pthread_create", subject: name, errno: result)
    }
    thread = handle
    self.event = event
    self.onStop = onStop
    if priority != .normal { try? Self.schedule(handle, priority) }
    return true
  }

  /// Starts `body` as `start(name:onStop:_:)` does, handing it a parker on `clock` to wait on
  /// (a slice's deadline, an idle park): made here, on the starting thread, so a virtual clock
  /// counts the thread from now on; unparked by `stop()`; retired when the body returns, or at
  /// once when nothing starts. Returns the parker, for the owner's own wake-ups, or nil when
  /// nothing started.
  public func start(
    name: String, parkingOn clock: MonotonicClock, _ body: @escaping @Sendable (ThreadParker) -> Void
  ) throws(SystemCallError) -> ThreadParker? {
    let parker = clock.makeThreadParker()
    var started = false
    defer { if !started { parker.retire() } }
    started = try start(name: name, onStop: { parker.unpark() }) {
      body(parker)
      parker.retire()
    }
    return started ? parker : nil
  }

  /// Whether `start` has started the thread (it may have ended since).
  public var hasStarted: Bool { condition.withLock { thread != nil } }

  /// Whether `stop()` has been called: the body returns at its next check.
  public var isStopping: Bool { condition.withLock { stopping } }

  /// Schedules the thread at `priority` from now on: at once if it runs (throws when the
  /// system refuses — SCHED_FIFO needs CAP_SYS_NICE or an RLIMIT_RTPRIO of at least
  /// `RealTime.priority` — and leaves it as it was), else from its start.
  /// The corresponding C function is `pthread_setschedparam`.
  public func setPriority(_ priority: Priority) throws(SystemCallError) {
    condition.lock()
    defer { condition.unlock() }
    self.priority = priority
    guard let thread, !joining, !joined else { return }
    try Self.schedule(thread, priority)
  }

  private static func schedule(_ thread: pthread_t, _ priority: Priority) throws(SystemCallError) {
    var parameters = sched_param()
    let policy: Int32
    switch priority {
    case .normal: policy = Int32(SCHED_OTHER)
    case .realTime:
      policy = Int32(SCHED_FIFO)
      parameters.sched_priority = RealTime.priority
    }
    let result = pthread_setschedparam(thread, policy, &parameters)
    if result != 0 {
      throw SystemCallError("pthread_setschedparam", subject: "\(priority)", errno: result)
    }
  }

  /// For the body: waits as `Poll.wait` does until one of `interests` is ready or `timeout`
  /// nanoseconds passed (nil: no limit), or until `wake()` or `stop()`. Returns nil once the
  /// worker is stopping.
  public func wait(for interests: [Poll.Interest], timeout: UInt64?) throws(SystemCallError) -> Ready? {
    guard let event = condition.withLock({ stopping ? nil : self.event }) else { return nil }
    let all = try Poll.wait(interests + [Poll.Interest(event.descriptor.rawValue)], timeout: timeout)
    let woken = all[interests.count].readable
    if woken { event.drain() }
    // Checked after the drain: a stop whose wake-up it took had set `stopping` before.
    guard !isStopping else { return nil }
    return Ready(descriptors: Array(all.prefix(interests.count)), woken: woken)
  }

  /// Ends the body's `wait(for:timeout:)` now, or its next one, with `woken`; the thread goes
  /// on. Safe from any thread.
  public func wake() {
    let event = condition.withLock {
      if self.event == nil { wokenEarly = true }
      return self.event
    }
    event?.signal()
  }

  /// Tells the body to stop, ends its wait, and waits for the thread to end (`join()`).
  public func stop() {
    let (event, action) = condition.withLock { () -> (WakeUpEvent?, (@Sendable () -> Void)?) in
      guard !stopping else { return (nil, nil) }
      stopping = true
      defer { onStop = nil }
      return (self.event, onStop)
    }
    event?.signal()
    action?()
    join()
  }

  /// Waits until the body has returned: at once when it never started, or on its own thread.
  /// The corresponding C function is `pthread_join`.
  public func join() {
    condition.lock()
    defer { condition.unlock() }
    guard let thread, pthread_equal(thread, pthread_self()) == 0 else { return }
    // Another thread is joining it: wait for that join, as one thread may join it only once.
    while joining { condition.wait() }
    guard !joined else { return }
    joining = true
    condition.unlock()
    pthread_join(thread, nil)
    condition.lock()
    joining = false
    joined = true
    condition.broadcast()
  }

  /// The closure a new thread runs, kept alive until it starts.
  private final class Body: @unchecked Sendable {
    let name: String
    let run: @Sendable () -> Void
    init(name: String, run: @escaping @Sendable () -> Void) {
      self.name = name
      self.run = run
    }
  }
}
