import NixieCore
import NixieSystem

extension ThreadParker {
  /// The idle wait of a thread that works under `condition`'s lock with nothing to do until
  /// `deadline` (nil: until woken): the frame scheduler's and the backlight player's.
  ///
  /// It tells requesters it is parked (`parked(true)`, under the lock: from then on a request
  /// must `unpark()` it; one that came before is already in the thread's state), parks with the
  /// lock released, takes the lock back, says it is awake again, and drops a wake-up that raced
  /// a park ending on its deadline, so that the thread's next `sleep` is not cut short.
  func parkIdle(until deadline: UInt64?, under condition: Condition, parked: (Bool) -> Void) {
    parked(true)
    condition.unlock()
    park(until: deadline)
    condition.lock()
    parked(false)
    discardWakeUp()
  }
}
