import NixieDrivers
import NixieTestBoards
import Testing

/// Transient bus errors are retried with doubling waits on the injected clock, then reported.
struct RetryPolicyTests {
  @Test func theI2CPolicyWaitsOneTwoFourMilliseconds() {
    let policy = RetryPolicy.i2c
    #expect((1...4).map(policy.delay(after:)) == [1_000_000, 2_000_000, 4_000_000, nil])
    #expect(RetryPolicy(attempts: 10, firstDelay: 1, maxDelay: 5).delay(after: 8) == 5)
    #expect(RetryPolicy.once.delay(after: 1) == nil)
  }

  @Test func aTransientFaultIsRetriedUntilItPasses() throws {
    let clock = SteppingClock()
    var failures = 2
    let value = try RetryPolicy.i2c.run("read", clock: clock) { () throws -> Int in
      if failures > 0 {
        failures -= 1
        throw BusGlitch(isTransient: true)
      }
      return 42
    }
    #expect(value == 42)
    #expect(clock.sleeps == [1_000_000, 2_000_000])
  }

  @Test func aPersistentTransientFaultIsReportedAfterEveryTry() throws {
    let clock = SteppingClock()
    var tries = 0
    #expect {
      try RetryPolicy.i2c.run("write OLATA/OLATB", clock: clock) {
        tries += 1
        throw BusGlitch(isTransient: true)
      }
    } throws: { error in
      guard let exhausted = error as? RetriesExhausted else { return false }
      return exhausted.attempts == 4 && exhausted.isTransient
        && exhausted.description.hasPrefix("write OLATA/OLATB failed 4 times")
    }
    #expect(tries == 4)
    #expect(clock.sleeps.reduce(0, +) == 7_000_000)
  }

  @Test func aLastingFaultIsNotRetried() {
    let clock = SteppingClock()
    var tries = 0
    #expect(throws: BusGlitch(isTransient: false)) {
      try RetryPolicy.i2c.run("write", clock: clock) {
        tries += 1
        throw BusGlitch(isTransient: false)
      }
    }
    #expect(tries == 1)
    #expect(clock.sleeps.isEmpty)
  }
}
