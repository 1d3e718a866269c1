import NixieClock
import Testing

/// `DisplayedPace`, the fast time of `nixie clock --speed`: the displayed clock and the
/// daemon's monotonic time run `speed` times as fast as the machine's from the start, a wait
/// for a displayed deadline never ends before it, and nothing traps at the extremes.
struct DisplayedPaceTests {
  static let second: Int64 = 1_000_000_000
  /// 2026-03-29T00:59:00Z, a minute before Berlin's clocks go forward.
  static let start: Int64 = 1_774_745_940 * second

  @Test(arguments: [1, 2, 60, 600, 3600])
  func aRealSecondIsSpeedDisplayedSeconds(_ speed: Int) {
    let pace = DisplayedPace(speed: speed, startWall: Self.start, startMonotonic: 5_000)
    #expect(pace.wall(atMonotonic: 5_000) == Self.start)
    let later = pace.wall(atMonotonic: 5_000 + UInt64(Self.second))
    #expect(later - Self.start == Int64(speed) * Self.second)
    // 1 ns of the machine is `speed` ns of the clock, every nanosecond of the way.
    let tick = pace.wall(atMonotonic: 5_001)
    #expect(tick - Self.start == Int64(speed))
    #expect(pace.monotonic(at: 5_000 + 7) == 5_000 + 7 * UInt64(speed))
    #expect(pace.daemonInterval(ofReal: 2 * UInt64(Self.second)) == 2 * UInt64(speed) * UInt64(Self.second))
  }

  @Test func theDaemonsMonotonicTimeNeverRunsBackBeforeTheStart() {
    let pace = DisplayedPace(speed: 60, startWall: Self.start, startMonotonic: 1_000)
    #expect(pace.monotonic(at: 0) == 1_000)
    #expect(pace.monotonic(at: 999) == 1_000)
    // The displayed time before the start is as far before it, sped up alike.
    let before = pace.wall(atMonotonic: 990)
    #expect(before == Self.start - 600)
  }

  /// A wait of `realInterval(d)` from any instant reaches `d` displayed nanoseconds later,
  /// and a nanosecond less would not: rounded up, never early, never a whole tick late.
  @Test(arguments: [1, 7, 60, 3600])
  func aWaitEndsAtItsDisplayedDeadlineNotBefore(_ speed: Int) {
    let pace = DisplayedPace(speed: speed, startWall: Self.start, startMonotonic: 0)
    for displayed in [1, 2, 59, 60, 61, 999, 1_000_000, 3_599, 3_600, 3_601, 86_400 * Self.second] as [Int64]
    {
      let real = pace.realInterval(displayed)
      let reached = pace.wall(atMonotonic: UInt64(real)) - Self.start
      let short = pace.wall(atMonotonic: UInt64(real - 1)) - Self.start
      #expect(reached >= displayed, "speed \(speed), \(displayed) ns")
      #expect(short < displayed, "speed \(speed), \(displayed) ns")
    }
    #expect(pace.realInterval(0) == 0)
    #expect(pace.realInterval(-Self.second) == 0)
  }

  @Test func speedsOutsideTheRangeAreClampedIntoIt() {
    let slow = DisplayedPace(speed: 0, startWall: 0, startMonotonic: 0)
    let fast = DisplayedPace(speed: 1_000_000, startWall: 0, startMonotonic: 0)
    #expect(slow.speed == 1)
    #expect(fast.speed == 3600)
    #expect(DisplayedPace.speeds == 1...3600)
  }

  @Test func theFarFutureSaturatesInsteadOfTrapping() {
    let pace = DisplayedPace(speed: 3600, startWall: Int64.max - Self.second, startMonotonic: 0)
    #expect(pace.wall(atMonotonic: UInt64(Self.second)) == Int64.max)
    #expect(pace.wall(atMonotonic: UInt64.max) == Int64.max)
    #expect(pace.monotonic(at: UInt64.max) == UInt64.max)
    #expect(pace.daemonInterval(ofReal: UInt64.max / 2) == UInt64.max)
    let past = DisplayedPace(
      speed: 3600, startWall: Int64.min + Self.second, startMonotonic: UInt64(Self.second))
    #expect(past.wall(atMonotonic: 0) == Int64.min)
  }
}
