import Foundation
import NixieSimulator
import NixieSystem
import Testing

/// Parking a thread on the system clock (a condition variable on CLOCK_MONOTONIC) and on any
/// other clock: a permit given before the park is never lost, and on the system clock an
/// unpark ends a sleep too.
struct ThreadParkerTests {
  @Test func aPermitGivenBeforeTheParkEndsItAtOnce() {
    let parker = SystemClock().makeParker()
    parker.unpark()
    parker.park(until: nil)  // would block for ever without the permit
    let manual = ManualClock(start: 5)
    let sleeping = manual.makeThreadParker()
    sleeping.unpark()
    sleeping.park(until: nil)
    #expect(manual.now() == 5)
  }

  @Test func anUnparkFromAnotherThreadEndsAParkWithoutDeadline() {
    let parker = SystemClock().makeParker()
    let done = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
      parker.park(until: nil)
      done.signal()
    }
    parker.unpark()
    #expect(done.wait(timeout: .now() + 10) == .success)
  }

  @Test func anUnparkEndsASleepOnTheSystemClock() {
    // What lets a stop end a frame thread's wait for its next slice at once.
    let clock = SystemClock()
    let parker = clock.makeParker()
    let asleep = DispatchSemaphore(value: 0)
    let done = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
      asleep.signal()
      parker.sleep(until: clock.now() + 3_600_000_000_000)
      done.signal()
    }
    #expect(asleep.wait(timeout: .now() + 10) == .success)
    parker.unpark()
    #expect(done.wait(timeout: .now() + 10) == .success)
  }

  @Test func aTimedParkEndsAtItsMonotonicDeadline() {
    let clock = SystemClock()
    let parker = clock.makeParker()
    let deadline = clock.now() + 20_000_000
    parker.park(until: deadline)
    #expect(clock.now() >= deadline)
  }

  @Test func aDiscardedWakeUpDoesNotEndTheNextPark() {
    let clock = SystemClock()
    let parker = clock.makeParker()
    parker.unpark()
    parker.discardWakeUp()
    let deadline = clock.now() + 10_000_000
    parker.park(until: deadline)
    #expect(clock.now() >= deadline)
  }

  @Test func onAManualClockATimedParkJumpsToItsDeadline() {
    let clock = ManualClock(start: 1_000)
    clock.makeThreadParker().park(until: 9_000)
    #expect(clock.now() == 9_000)
  }
}
