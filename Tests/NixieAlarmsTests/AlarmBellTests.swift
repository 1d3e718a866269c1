import Testing

@testable import NixieAlarms

/// The bell: rings for its time then stops by itself, a snooze quiets it for its time then it
/// rings again, a stop ends it; presses while nothing rings do nothing.
struct AlarmBellTests {
  static let second: UInt64 = 1_000_000_000

  @Test func ringsForItsTimeThenStopsByItself() throws {
    var bell = AlarmBell(ringFor: 600 * Self.second, snooze: 540 * Self.second)
    #expect(bell.ring(alarm: 2, at: 10 * Self.second) == .startedRinging(alarm: 2))
    #expect(bell.isRinging)
    #expect(try #require(bell.nextChange) == 610 * Self.second)
    let advanceNothing = bell.advance(to: 610 * Self.second - 1)
    #expect(advanceNothing.isNone)
    let advanceChange = bell.advance(to: 610 * Self.second)
    #expect(try #require(advanceChange) == .stopped(alarm: 2, why: .timedOut))
    #expect(bell.state == .silent)
    #expect(bell.nextChange.isNone)
  }

  @Test func aSnoozeQuietsItThenItRingsAgainForItsWholeTime() throws {
    var bell = AlarmBell(ringFor: 600 * Self.second, snooze: 540 * Self.second)
    _ = bell.ring(alarm: 0, at: 0)
    let snoozeChange = bell.snooze(at: 100 * Self.second)
    #expect(try #require(snoozeChange) == .snoozed(alarm: 0, until: 640 * Self.second))
    #expect(!bell.isRinging)
    let advanceNothing = bell.advance(to: 639 * Self.second)
    #expect(advanceNothing.isNone)
    let advanceChange = bell.advance(to: 640 * Self.second)
    #expect(try #require(advanceChange) == .startedRinging(alarm: 0))
    #expect(bell.state == .ringing(alarm: 0, since: 640 * Self.second, until: 1_240 * Self.second))
    // A snooze while snoozed does nothing: only a ringing alarm snoozes.
    _ = bell.snooze(at: 700 * Self.second)
    let snoozeNothing = bell.snooze(at: 701 * Self.second)
    #expect(snoozeNothing.isNone)
  }

  @Test func aStopEndsItRingingOrSnoozed() throws {
    var bell = AlarmBell(ringFor: 60 * Self.second, snooze: 30 * Self.second)
    _ = bell.ring(alarm: 1, at: 0)
    let stopChange = bell.stop()
    #expect(try #require(stopChange) == .stopped(alarm: 1, why: .asked))
    _ = bell.ring(alarm: 1, at: 0)
    _ = bell.snooze(at: 1)
    let stopWhileSnoozed = bell.stop()
    #expect(try #require(stopWhileSnoozed) == .stopped(alarm: 1, why: .asked))
    let advanceNothing = bell.advance(to: 100 * Self.second)
    #expect(advanceNothing.isNone)
  }

  @Test func pressesWhileSilentDoNothing() throws {
    var bell = AlarmBell(ringFor: 60 * Self.second, snooze: 30 * Self.second)
    let snoozeNothing = bell.snooze(at: 5)
    #expect(snoozeNothing.isNone)
    let stopNothing = bell.stop()
    #expect(stopNothing.isNone)
    let advanceNothing = bell.advance(to: .max)
    #expect(advanceNothing.isNone)
    #expect(bell.state == .silent)
  }

  /// Near the top of the clock the ends stop at its last instant instead of wrapping round
  /// (which would end a ring as soon as it began).
  @Test func endsNearTheTopOfTheClockSaturate() throws {
    var bell = AlarmBell(ringFor: 100, snooze: .max)
    _ = bell.ring(alarm: 0, at: .max - 10)
    #expect(try #require(bell.nextChange) == .max)
    let advanceNothing = bell.advance(to: .max - 1)
    #expect(advanceNothing.isNone)
    let snoozeChange = bell.snooze(at: .max - 5)
    #expect(try #require(snoozeChange) == .snoozed(alarm: 0, until: .max))
  }
}

extension Optional {
  /// Whether there is no value: `#expect(x == nil)` on an optional integer read past its
  /// storage under AddressSanitizer (swift-testing 6.3's AnyHashable thunk).
  var isNone: Bool {
    if case .none = self { return true }
    return false
  }
}
