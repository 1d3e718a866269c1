import NixieRoom
import Testing

/// Someone in the room: present while the line is active and for `offAfter` after.
struct PresenceTimerTests {
  static let second: Int64 = 1_000_000_000

  @Test func emptyAfterOffAfterWithoutActivity() {
    let timer = PresenceTimer(offAfter: 10 * Self.second, active: false, at: 0)
    #expect(timer.isPresent(at: 0))
    #expect(timer.isPresent(at: 10 * Self.second - 1))
    #expect(!timer.isPresent(at: 10 * Self.second))
    #expect(timer.nextChange(after: 3 * Self.second) == 10 * Self.second)
    #expect(timer.nextChange(after: 11 * Self.second) == nil)
  }

  /// A PIR holds its line high while it sees movement: present all along, and `offAfter`
  /// counts from when it fell.
  @Test func countsFromTheEndOfActivity() {
    var timer = PresenceTimer(offAfter: 10 * Self.second, active: false, at: 0)
    timer.line(active: true, at: 5 * Self.second)
    #expect(timer.isPresent(at: 100 * Self.second))
    #expect(timer.nextChange(after: 100 * Self.second) == nil)
    #expect(timer.seen(asOf: 100 * Self.second) == 100 * Self.second)
    timer.line(active: false, at: 120 * Self.second)
    #expect(timer.seen(asOf: 125 * Self.second) == 120 * Self.second)
    #expect(timer.isPresent(at: 129 * Self.second))
    #expect(!timer.isPresent(at: 130 * Self.second))
  }

  /// The room empty, a press (a short pulse) brings it back for `offAfter`.
  @Test func aPulseWakesIt() {
    var timer = PresenceTimer(offAfter: 60 * Self.second, active: false, at: 0)
    #expect(!timer.isPresent(at: 61 * Self.second))
    timer.line(active: true, at: 70 * Self.second)
    #expect(timer.isPresent(at: 70 * Self.second))
    timer.line(active: false, at: 70 * Self.second + 80_000_000)
    #expect(timer.isPresent(at: 130 * Self.second))
    #expect(!timer.isPresent(at: 131 * Self.second))
  }

  /// A repeated inactive level (a line read again after a lost edge) changes nothing.
  @Test func inactiveAgainKeepsTheLastSighting() {
    var timer = PresenceTimer(offAfter: 10 * Self.second, active: false, at: 0)
    timer.line(active: false, at: 8 * Self.second)
    #expect(!timer.isPresent(at: 10 * Self.second))
  }
}
