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
  private let mutex = PThreadMutex.make(.priorityInheriting)
  private var value: Value

  public init(_ value: Value) {
    self.value = value
  }

  deinit { PThreadMutex.destroy(mutex) }

  /// Runs `body` on the value, holding the lock.
  public func withLock<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result)
    throws(Failure) -> Result
  {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return try body(&value)
  }
}
