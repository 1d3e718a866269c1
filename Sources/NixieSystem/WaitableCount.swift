/// A count one thread advances and others wait to reach: how far a loop has got through the
/// work numbered for it. Waits on an unset count (nil) return at once: nobody counts, so
/// nobody should wait.
public final class WaitableCount: @unchecked Sendable {
  private let condition = Condition()
  /// Guarded by `condition`.
  private var count: UInt64?

  /// A count at `value`; nil: unset until the first `set`.
  public init(_ value: UInt64? = nil) { count = value }

  /// The count now.
  public var value: UInt64? { condition.withLock { count } }

  /// Sets the count and wakes every waiter.
  public func set(_ value: UInt64) {
    condition.withLock {
      count = value
      condition.broadcast()
    }
  }

  /// Waits until the count is at least `target` or `deadline` (CLOCK_MONOTONIC nanoseconds)
  /// has passed; true when it got there (or nobody counts).
  @discardableResult
  public func wait(for target: UInt64, until deadline: UInt64) -> Bool {
    condition.withLock {
      while let reached = count, reached < target {
        if !condition.wait(until: deadline), let late = count, late < target { return false }
      }
      return true
    }
  }
}
