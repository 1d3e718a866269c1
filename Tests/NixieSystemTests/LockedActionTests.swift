import NixieSystem
import Testing

/// The callback a publisher calls on every change must stay the closure it was given: a closure
/// read out of a `Locked<(() -> Void)?>` (or a `Mutex`) came back wrapped in two more thunks on every call,
/// so a clock showing seconds grew its heap and its call depth without end.
struct LockedActionTests {
  /// Where on the stack the action runs: the thunks between the caller and the closure each
  /// take a frame, so a deeper chain runs it at a lower address.
  @inline(never)
  static func depth() -> Int {
    var local = 0
    return withUnsafeMutablePointer(to: &local) { Int(bitPattern: $0) }
  }

  @Test func callingManyTimesKeepsTheSameClosure() {
    let action = LockedAction<Void, Int>()
    action.set { Self.depth() }
    let first = action()
    for _ in 0..<500 { action() }
    let later = action()
    #expect(first != nil)
    #expect(later == first, "the action ran \((first ?? 0) - (later ?? 0)) bytes deeper in the stack after 500 calls")
  }

  @Test func passesTheArgumentAndReturnsTheResult() {
    let action = LockedAction<String, Int>()
    #expect(action("unset") == nil)
    action.set { $0.count }
    #expect(action("four") == 4)
    action.set { $0.count * 2 }
    #expect(action("four") == 8)
  }

  @Test func theOldWayGrowsAndThisTestWouldSeeIt() {
    // The check above can fail: the same measurement on the pattern LockedAction replaces.
    let stored = Locked<(@Sendable () -> Int)?>(nil)
    stored.withLock { $0 = { Self.depth() } }
    let first = stored.withLock { $0 }?() ?? 0
    for _ in 0..<50 { _ = stored.withLock { $0 }?() }
    let later = stored.withLock { $0 }?() ?? 0
    withKnownIssue("a closure read through the lock's generic inout is re-thunked on each access") {
      #expect(later == first)
    } when: {
      later != first
    }
  }
}
