import Foundation
import NixieSystem
import Testing

/// The callback a publisher calls on every change must stay the closure it was given: a
/// closure read out of a `Locked<(() -> Void)?>` (or a `Mutex`) came back wrapped in two more
/// thunks on every call, so a clock showing seconds grew its heap and its call depth without
/// end.
struct LockedActionTests {
  /// How many frames deep the action runs: each thunk between the caller and the closure is
  /// a frame. (Not the address of a local: under AddressSanitizer locals live on a fake stack.)
  @inline(never)
  static func depth() -> Int {
    Thread.callStackReturnAddresses.count
  }

  @Test func callingManyTimesKeepsTheSameClosure() {
    let action = LockedAction<Void, Int>()
    action.set { Self.depth() }
    let first = action()
    for _ in 0..<500 { action() }
    let later = action()
    #expect(first != nil)
    #expect(later == first, "the action ran \((later ?? 0) - (first ?? 0)) frames deeper after 500 calls")
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
