import Glibc

/// A mutex with a condition variable whose timed waits run on CLOCK_MONOTONIC, so a step of
/// the wall clock (NTP, `date -s`) never stretches or cuts a wait: the one condition variable
/// nixie's threads share state and wake each other with.
///
/// Use it as a monitor: `lock()`, check the state, `wait()` while it is not what you need,
/// change it, `broadcast()`, `unlock()`.
///
/// The mutex inherits priority: a real-time thread (`--realtime`: the frame thread) waiting
/// for it lends its priority to the normal thread holding it, so that thread is not held off
/// the CPU by other work while the real-time one waits (priority inversion).
public final class Condition: @unchecked Sendable {
  private let mutex = PThreadMutex.make(.priorityInheriting)
  private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

  /// The corresponding C function is `pthread_cond_init` with
  /// `pthread_condattr_setclock(CLOCK_MONOTONIC)` (the mutex: `PThreadMutex`).
  public init() {
    var attributes = pthread_condattr_t()
    pthread_condattr_init(&attributes)
    pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
    pthread_cond_init(condition, &attributes)
    pthread_condattr_destroy(&attributes)
  }

  deinit {
    pthread_cond_destroy(condition)
    condition.deallocate()
    PThreadMutex.destroy(mutex)
  }

  public func lock() { pthread_mutex_lock(mutex) }

  public func unlock() { pthread_mutex_unlock(mutex) }

  /// Runs `body` holding the lock.
  public func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
    lock()
    defer { unlock() }
    return try body()
  }

  /// Releases the lock, blocks until woken, and takes the lock again. It may wake without a
  /// signal: check the state in a loop.
  public func wait() { pthread_cond_wait(condition, mutex) }

  /// As `wait()`, until at most `deadline` on CLOCK_MONOTONIC (nanoseconds). Returns false
  /// when the deadline passed.
  @discardableResult
  public func wait(until deadline: UInt64) -> Bool {
    var target = timespec(tv_sec: Int(deadline / 1_000_000_000), tv_nsec: Int(deadline % 1_000_000_000))
    return pthread_cond_timedwait(condition, mutex, &target) != ETIMEDOUT
  }

  /// Wakes one waiting thread.
  public func signal() { pthread_cond_signal(condition) }

  /// Wakes every waiting thread.
  public func broadcast() { pthread_cond_broadcast(condition) }
}
