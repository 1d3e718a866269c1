import Testing

@testable import NixieAlarms

/// The bell: rings for its time then stops by itself, a snooze quiets it for its time then it
/// rings again, a stop ends it; presses while nothing rings do nothing.
struct AlarmBellTests {
  static let second: UInt64 = 1_000_000_000

  @Test func ringsForItsTimeThenStopsByItself() {
    var bell = AlarmBell(ringFor: 600 * Self.second, snooze: 540 * Self.second)
    #expect(bell.ring(alarm: 2, at: 10 * Self.second) == .startedRinging(alarm: 2))
    #expect(bell.isRinging)
    #expect(bell.nextChange == 610 * Self.second)
    #expect(bell.advance(to: 610 * Self.second - 1) == nil)
    #expect(bell.advance(to: 610 * Self.second) == .stopped(alarm: 2, why: .timedOut))
    #expect(bell.state == .silent)
    #expect(bell.nextChange == nil)
  }

  @Test func aSnoozeQuietsItThenItRingsAgainForItsWholeTime() {
    var bell = AlarmBell(ringFor: 600 * Self.second, snooze: 540 * Self.second)
    _ = bell.ring(alarm: 0, at: 0)
    #expect(bell.snooze(at: 100 * Self.second) == .snoozed(alarm: 0, until: 640 * Self.second))
    #expect(!bell.isRinging)
    #expect(bell.advance(to: 639 * Self.second) == nil)
    #expect(bell.advance(to: 640 * Self.second) == .startedRinging(alarm: 0))
    #expect(bell.state == .ringing(alarm: 0, since: 640 * Self.second, until: 1_240 * Self.second))
    // A snooze while snoozed does nothing: only a ringing alarm snoozes.
    _ = bell.snooze(at: 700 * Self.second)
    #expect(bell.snooze(at: 701 * Self.second) == nil)
  }

  @Test func aStopEndsItRingingOrSnoozed() {
    var bell = AlarmBell(ringFor: 60 * Self.second, snooze: 30 * Self.second)
    _ = bell.ring(alarm: 1, at: 0)
    #expect(bell.stop() == .stopped(alarm: 1, why: .asked))
    _ = bell.ring(alarm: 1, at: 0)
    _ = bell.snooze(at: 1)
    #expect(bell.stop() == .stopped(alarm: 1, why: .asked))
    #expect(bell.advance(to: 100 * Self.second) == nil)
  }

  @Test func pressesWhileSilentDoNothing() {
    var bell = AlarmBell(ringFor: 60 * Self.second, snooze: 30 * Self.second)
    #expect(bell.snooze(at: 5) == nil)
    #expect(bell.stop() == nil)
    #expect(bell.advance(to: .max) == nil)
    #expect(bell.state == .silent)
  }

  /// Near the top of the clock the ends stop at its last instant instead of wrapping round
  /// (which would end a ring as soon as it began).
  @Test func endsNearTheTopOfTheClockSaturate() {
    var bell = AlarmBell(ringFor: 100, snooze: .max)
    _ = bell.ring(alarm: 0, at: .max - 10)
    #expect(bell.nextChange == .max)
    #expect(bell.advance(to: .max - 1) == nil)
    #expect(bell.snooze(at: .max - 5) == .snoozed(alarm: 0, until: .max))
  }
}
