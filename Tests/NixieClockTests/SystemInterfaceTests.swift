import Foundation
import Glibc
import NixieClock
import Testing

/// The thin wrappers over the kernel: adjtimex's answer, the realtime timer, the wake-up
/// event, token buckets and `--at` instants.
struct SystemInterfaceTests {
  @Test(arguments: [
    (Int32(0), Int32(0), ClockSynchronisation.synchronised), (5, 0, .unsynchronised),
    (0, 0x40, .unsynchronised),
    (1, 0x2001, .synchronised),
  ])
  func timeErrorOrUnsyncMeansUnsynchronised(_ state: Int32, _ status: Int32, _ expected: ClockSynchronisation)
  {
    #expect(KernelTimeStatus.interpret(state: state, status: status) == expected)
  }

  @Test func theKernelAnswersTheSynchronisationQuestion() {
    if case .unknown(let error) = KernelTimeStatus().synchronisation() {
      Issue.record("adjtimex failed: \(error)")
    }
  }

  @Test func aRealtimeTimerFiresAtAnAbsoluteDeadlineAndNotBefore() throws {
    let timer = try RealtimeTimer()
    var now = timespec()
    clock_gettime(CLOCK_REALTIME, &now)
    let wall = Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)
    try timer.arm(at: wall + 3_600_000_000_000)
    #expect(try timer.read() == .pending)
    try timer.arm(at: wall - 1)
    #expect(try Poll.readable([timer.descriptor.rawValue], timeout: 1000) == [0])
    #expect(try timer.read() == .fired)
  }

  @Test func aWakeUpEventIsReadableUntilDrained() throws {
    let event = try WakeUpEvent()
    #expect(try Poll.readable([event.descriptor.rawValue], timeout: 0).isEmpty)
    event.signal()
    event.signal()
    #expect(try Poll.readable([event.descriptor.rawValue], timeout: 0) == [0])
    event.drain()
    #expect(try Poll.readable([event.descriptor.rawValue], timeout: 0).isEmpty)
  }

  @Test func aTokenBucketAllowsItsBurstThenItsRate() {
    var bucket = TokenBucket(rate: 2, burst: 4)
    #expect((0..<6).map { _ in bucket.take(at: 0) } == [true, true, true, true, false, false])
    #expect(bucket.take(at: 499_000_000) == false)
    #expect(bucket.take(at: 500_000_000) == true)
    #expect(bucket.take(at: 10_000_000_000) == true)
  }

  @Test(arguments: [
    ("2026-03-29T01:59:50+01:00", Int64(1_774_745_990_000_000_000)),
    ("2026-03-29T00:59:50Z", 1_774_745_990_000_000_000),
    ("2026-03-29T01:59:50.25+01:00", 1_774_745_990_250_000_000),
    ("2026-03-29T01:59:50", 1_774_745_990_000_000_000),
    ("2026-03-29 01:59:50", 1_774_745_990_000_000_000),
  ])
  func atInstantsAreISO8601WithLocalTimesInTheClocksZone(_ text: String, _ expected: Int64) throws {
    let berlin = try #require(TimeZone(identifier: "Europe/Berlin"))
    #expect(InstantParser.parse(text, zone: berlin) == expected)
  }

  @Test(arguments: [
    "2026-03-29T02:30:00", "2026-13-01T00:00:00Z", "yesterday", "2026-03-29T01:59:50+1",
    "2026-02-30T00:00:00Z",
  ])
  func impossibleOrMalformedInstantsAreRefused(_ text: String) throws {
    let berlin = try #require(TimeZone(identifier: "Europe/Berlin"))
    #expect(InstantParser.parse(text, zone: berlin) == nil)
  }
}
