import Glibc

/// A mutex the thread holding it may take again: for a model whose observers call back into
/// it (the simulated gpiochip).
public final class RecursiveLock: @unchecked Sendable {
  private let mutex = PThreadMutex.make(.recursive)

  public init() {}

  deinit { PThreadMutex.destroy(mutex) }

  public func lock() { pthread_mutex_lock(mutex) }

  public func unlock() { pthread_mutex_unlock(mutex) }
}
