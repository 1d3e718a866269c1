import Glibc

/// A value reachable only while holding its lock: what nixie's threads share that needs no
/// condition to wait on (settings handed to a thread, a latest frame, a command queue).
///
/// Why not the standard library's `Mutex`: on Linux its contended path locks through a
/// priority-inheriting futex inside the uninstrumented Synchronization library, so
/// ThreadSanitizer never sees the hand-over and reports the values it guards as data races
/// (`Scripts/sanitize`, docs/TESTING.md). This one is a `pthread_mutex_t`, which ThreadSanitizer
/// understands, and inherits priority as `Mutex` and `Condition` do: a real-time thread
/// waiting for it lends its priority to the holder.
public final class Locked<Value>: @unchecked Sendable {
  private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
  private var value: Value

  /// The corresponding C function is `pthread_mutex_init` with
  /// `pthread_mutexattr_setprotocol(PTHREAD_PRIO_INHERIT)`.
  public init(_ value: Value) {
    self.value = value
    var attributes = pthread_mutexattr_t()
    pthread_mutexattr_init(&attributes)
    pthread_mutexattr_setprotocol(&attributes, Int32(PTHREAD_PRIO_INHERIT))
    pthread_mutex_init(mutex, &attributes)
    pthread_mutexattr_destroy(&attributes)
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deallocate()
  }

  /// Runs `body` on the value, holding the lock.
  public func withLock<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result)
    throws(Failure) -> Result
  {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return try body(&value)
  }
}
