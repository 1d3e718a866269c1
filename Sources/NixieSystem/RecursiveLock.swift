import Glibc

/// A mutex the thread holding it may take again: for a model whose observers call back into
/// it (the simulated gpiochip).
public final class RecursiveLock: @unchecked Sendable {
  private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)

  /// The corresponding C function is `pthread_mutex_init` with `PTHREAD_MUTEX_RECURSIVE`.
  public init() {
    var attributes = pthread_mutexattr_t()
    pthread_mutexattr_init(&attributes)
    pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_RECURSIVE))
    pthread_mutex_init(mutex, &attributes)
    pthread_mutexattr_destroy(&attributes)
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deallocate()
  }

  public func lock() { pthread_mutex_lock(mutex) }

  public func unlock() { pthread_mutex_unlock(mutex) }
}
