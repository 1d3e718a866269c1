/// A callback that one thread sets and others call: the hook of a publisher (the control
/// server's wake-up on a new plan, the web page's on a new frame) or a process-wide factory.
///
/// Do not keep a closure in a `Locked<(() -> Void)?>` (or a `Mutex`) and read it with
/// `withLock { $0 }`: the value passes through the lock's generic `inout`, so the compiler
/// converts the closure to the generic representation and back on every access and writes
/// the converted one back. The stored closure becomes a thunk around a thunk around the
/// original: two small objects more per call, kept for good, and every call runs through the
/// whole chain (found as 100 bytes a second of heap growth in a clock showing seconds). Here
/// the closure lives inside a struct, which the lock stores as it is.
public final class LockedAction<Argument, Result>: Sendable {
  private struct Stored: Sendable {
    let action: @Sendable (Argument) -> Result
  }

  private let stored = Locked<Stored?>(nil)

  public init() {}

  /// Makes `action` the one `callAsFunction` calls, from now on.
  public func set(_ action: @escaping @Sendable (Argument) -> Result) {
    stored.withLock { $0 = Stored(action: action) }
  }

  /// Calls the action (outside the lock), or returns nil when none is set.
  @discardableResult
  public func callAsFunction(_ argument: Argument) -> Result? {
    stored.withLock { $0 }?.action(argument)
  }
}

extension LockedAction where Argument == Void {
  /// Calls the action (outside the lock), or returns nil when none is set.
  @discardableResult
  public func callAsFunction() -> Result? { callAsFunction(()) }
}
