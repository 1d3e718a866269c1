import Glibc
import NixieCore

/// The system clock's parker: a pthread condition variable timed on CLOCK_MONOTONIC, so a
/// step of the wall clock (NTP, `date -s`) never stretches or cuts a wait. `sleep(until:)` is
/// `SystemClock.sleep(until:)`: `clock_nanosleep` with `TIMER_ABSTIME`.
public final class MonotonicParker: ThreadParker, @unchecked Sendable {
  private let clock: SystemClock
  private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
  private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
  /// Guarded by `mutex`.
  private var permit = false

  public init(clock: SystemClock) {
    self.clock = clock
    pthread_mutex_init(mutex, nil)
    var attributes = pthread_condattr_t()
    pthread_condattr_init(&attributes)
    pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
    pthread_cond_init(condition, &attributes)
    pthread_condattr_destroy(&attributes)
  }

  deinit {
    pthread_cond_destroy(condition)
    pthread_mutex_destroy(mutex)
    condition.deallocate()
    mutex.deallocate()
  }

  public func sleep(until deadline: UInt64) { clock.sleep(until: deadline) }

  /// The corresponding C function is `pthread_cond_timedwait` (or `pthread_cond_wait`).
  public func park(until deadline: UInt64?) {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    if let deadline {
      var target = timespec(tv_sec: Int(deadline / 1_000_000_000), tv_nsec: Int(deadline % 1_000_000_000))
      while !permit {
        if pthread_cond_timedwait(condition, mutex, &target) == ETIMEDOUT { break }
      }
    } else {
      while !permit { pthread_cond_wait(condition, mutex) }
    }
    permit = false
  }

  public func unpark() {
    pthread_mutex_lock(mutex)
    permit = true
    pthread_cond_signal(condition)
    pthread_mutex_unlock(mutex)
  }

  public func discardWakeUp() {
    pthread_mutex_lock(mutex)
    permit = false
    pthread_mutex_unlock(mutex)
  }

  public func retire() {}
}
