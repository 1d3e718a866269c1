import CSystem
import Glibc

/// A thread of our own (not the cooperative async pool), for the loops that block: the frame
/// scheduler, the control socket's server, the knob's reader. `join()` waits for it to end;
/// a thread that is never joined is detached when this value goes away.
public final class SystemThread: @unchecked Sendable {
  private let handle: pthread_t
  private var joined = false

  private init(handle: pthread_t) { self.handle = handle }

  /// A thread nobody joined releases its resources itself when it ends.
  deinit { if !joined { pthread_detach(handle) } }

  /// Starts `body` on a new thread named `name` (at most 15 bytes show in `top -H`).
  /// The corresponding C functions are `pthread_create` and `pthread_setname_np`.
  public static func start(name: String, _ body: @escaping @Sendable () -> Void) throws(SystemCallError)
    -> SystemThread
  {
    let box = Unmanaged.passRetained(Body(name: name, run: body)).toOpaque()
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
    return SystemThread(handle: handle)
  }

  /// Moves the thread to SCHED_FIFO at `priority` (`RealTime`). Refused with EPERM without
  /// CAP_SYS_NICE or an RLIMIT_RTPRIO of at least `priority`.
  /// The corresponding C function is `pthread_setschedparam`.
  public func setRealTime(priority: Int32) throws(SystemCallError) {
    var parameters = sched_param()
    parameters.sched_priority = priority
    let result = pthread_setschedparam(handle, SCHED_FIFO, &parameters)
    if result != 0 {
      throw SystemCallError("pthread_setschedparam", subject: "SCHED_FIFO \(priority)", errno: result)
    }
  }

  /// Waits until the thread has ended. Call it once.
  /// The corresponding C function is `pthread_join`.
  public func join() {
    guard !joined else { return }
    joined = true
    pthread_join(handle, nil)
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
