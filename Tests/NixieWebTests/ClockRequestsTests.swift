import Foundation
import NixieControl
import NixieCore
import NixieSystem
import NixieText
import Testing

@testable import NixieWeb

/// `nixie web`'s questions to the clock, on their own thread: one at a time, at most
/// `capacity` taken, and one that waited longer than `patience` behind a stuck one answered
/// "not answering" without asking (time injected).
struct ClockRequestsTests {
  /// A clock that holds every request until the test lets it go (or 10 s pass).
  final class HeldClock: ClockLink, @unchecked Sendable {
    private let condition = Condition()
    private var released = false
    private var asked = 0

    func request(_ request: ControlRequest) -> Result<JSONValue, ControlClient.Failure> {
      condition.withLock {
        asked += 1
        condition.broadcast()
        let deadline = SystemClock().now() + 10_000_000_000
        while !released {
          guard condition.wait(until: deadline) else { break }
        }
      }
      return .success(.object([("ok", .bool(true))]))
    }

    func release() {
      condition.withLock {
        released = true
        condition.broadcast()
      }
    }

    /// Waits (at most 10 s) until `count` requests reached it.
    func waitForAsked(_ count: Int) -> Bool {
      condition.withLock {
        let deadline = SystemClock().now() + 10_000_000_000
        while asked < count {
          guard condition.wait(until: deadline) else { return false }
        }
        return true
      }
    }

    var askedCount: Int { condition.withLock { asked } }
  }

  static func question(_ clock: HeldClock) -> ClockQuestion {
    ClockQuestion(.state, link: clock) { _ in .json("{}") }
  }

  @Test func aRequestThatWaitedTooLongBehindAStuckOneIsAnsweredWithoutAsking() throws {
    let time = Locked<UInt64>(0)
    let requests = ClockRequests(capacity: 4, patience: 2_000_000_000, monotonic: { time.withLock { $0 } })
    let clock = HeldClock()
    let finished = DispatchSemaphore(value: 0)
    requests.notify { finished.signal() }
    try requests.start()
    defer { requests.stop() }
    #expect(requests.submit(Self.question(clock), ticket: 1))
    #expect(requests.submit(Self.question(clock), ticket: 2))
    #expect(clock.waitForAsked(1))
    time.withLock { $0 = 3_000_000_000 }
    clock.release()
    #expect(finished.wait(timeout: .now() + 10) == .success)
    #expect(finished.wait(timeout: .now() + 10) == .success)
    let answers = requests.takeFinished()
    #expect(answers.map(\.ticket) == [1, 2])
    #expect((try? answers.first?.answer.get()) != nil)
    guard case .failure(.notAnswering)? = answers.last?.answer else {
      Issue.record("the second was \(String(describing: answers.last?.answer))")
      return
    }
    #expect(clock.askedCount == 1, "the clock was asked again after it had not answered in time")
  }

  @Test func moreThanItsCapacityIsRefusedAndStopEndsAWaitForTheClock() throws {
    let requests = ClockRequests(capacity: 2)
    let clock = HeldClock()
    try requests.start()
    #expect(requests.submit(Self.question(clock), ticket: 1))
    #expect(requests.submit(Self.question(clock), ticket: 2))
    #expect(!requests.submit(Self.question(clock), ticket: 3))
    #expect(clock.waitForAsked(1))
    clock.release()
    requests.stop()
    #expect(!requests.submit(Self.question(clock), ticket: 4))
  }
}
