import Glibc

/// The pthread mutexes under NixieSystem's locks (`Condition`, `Locked`, `RecursiveLock`),
/// made and freed in one place.
enum PThreadMutex {
  /// How a mutex behaves.
  enum Kind {
    /// A thread waiting for it lends its priority to the holder: a real-time thread
    /// (`--realtime`: the frame thread) is not held off by a normal one holding the lock.
    case priorityInheriting
    /// The thread holding it may take it again.
    case recursive
  }

  /// A new mutex of `kind`, to be freed with `destroy`.
  /// The corresponding C function is `pthread_mutex_init`, with
  /// `pthread_mutexattr_setprotocol(PTHREAD_PRIO_INHERIT)` or
  /// `pthread_mutexattr_settype(PTHREAD_MUTEX_RECURSIVE)`.
  static func make(_ kind: Kind) -> UnsafeMutablePointer<pthread_mutex_t> {
    let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    var attributes = pthread_mutexattr_t()
    pthread_mutexattr_init(&attributes)
    switch kind {
    case .priorityInheriting: pthread_mutexattr_setprotocol(&attributes, Int32(PTHREAD_PRIO_INHERIT))
    case .recursive: pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_RECURSIVE))
    }
    pthread_mutex_init(mutex, &attributes)
    pthread_mutexattr_destroy(&attributes)
    return mutex
  }

  /// Frees a mutex `make` made (not held by anyone).
  /// The corresponding C function is `pthread_mutex_destroy`.
  static func destroy(_ mutex: UnsafeMutablePointer<pthread_mutex_t>) {
    pthread_mutex_destroy(mutex)
    mutex.deallocate()
  }
}
