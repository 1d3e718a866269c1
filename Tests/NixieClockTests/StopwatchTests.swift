import NixieControl
import Testing

@testable import NixieClock

/// The stopwatch (`nixie send --stopwatch`): its time across starts and stops on the monotonic
/// clock, a tick every hundredth while it runs and none while it stands, and how a board shows
/// it — `mm:ss.cc` on six tubes, `hh:mm:ss` from an hour up, `ss.cc` then `mm:ss` on four.
struct StopwatchTests {
  static let second: UInt64 = 1_000_000_000

  @Test func itCountsOnlyWhileItRunsAndResetGoesBackToTheClock() {
    var stopwatch = ClockStopwatch()
    var done: [Bool] = []
    func apply(_ action: StopwatchAction, at seconds: UInt64) {
      done.append(stopwatch.apply(action, at: seconds * Self.second))
    }
    apply(.stop, at: 0)
    apply(.reset, at: 0)
    apply(.start, at: 10)
    apply(.start, at: 11)
    let running: UInt64 = stopwatch.elapsed(at: 12_345_000_000)
    #expect(running == 2_345_000_000)
    apply(.stop, at: 13)
    let held: UInt64 = stopwatch.elapsed(at: 99_000_000_000)
    #expect(held == 3_000_000_000)
    #expect(stopwatch.nextTick(after: 99 * Self.second) == nil)
    apply(.start, at: 100)
    let resumed: UInt64 = stopwatch.elapsed(at: 101_000_000_000)
    #expect(resumed == 4_000_000_000)
    #expect(stopwatch.isShown)
    apply(.reset, at: 102)
    let afterReset: UInt64 = stopwatch.elapsed(at: 103_000_000_000)
    #expect(!stopwatch.isShown)
    #expect(afterReset == 0)
    // Nothing to stop or reset before a start; a second start changes nothing.
    #expect(done == [false, false, true, false, true, true, true])
  }

  @Test func whileItRunsTheNextTickIsTheNextHundredthOfItsTime() {
    var stopwatch = ClockStopwatch()
    let started = stopwatch.apply(.start, at: 5_003_000_000)
    #expect(started)
    // 4 ms into its first hundredth: the next is 6 ms away.
    #expect(stopwatch.nextTick(after: 5_007_000_000) == 5_013_000_000)
    #expect(stopwatch.nextTick(after: 5_013_000_000) == 5_023_000_000)
  }

  static func text(_ board: String, _ nanoseconds: UInt64) throws -> String {
    let board = try Fixtures.board(board)
    let faces = try #require(StopwatchFaces(formatter: board.formatter))
    return board.layout.text(of: faces.state(elapsed: nanoseconds))
  }

  @Test(arguments: [
    (UInt64(0), "00:00.00"), (7_890_000_000, "00:07.89"), (754_321_000_000, "12:34.32"),
    (3_600_000_000_000, "01:00:00"), (45_296_990_000_000, "12:34:56"),
  ])
  func sixTubesShowMinutesSecondsHundredthsThenHours(_ nanoseconds: UInt64, _ expected: String) throws {
    #expect(try Self.text("hv5622-6xin14", nanoseconds) == expected)
  }

  @Test(arguments: [(UInt64(7_890_000_000), "0789"), (754_321_000_000, "1234"), (45_296_990_000_000, "1234")])
  func fourTubesShowSecondsHundredthsThenMinutesSecondsThenHoursMinutes(
    _ nanoseconds: UInt64, _ expected: String
  )
    throws
  {
    #expect(try Self.text("mcp23017-4xin12", nanoseconds) == expected)
  }

  @Test func itsHundredthsChangeWithoutAFadeAndThePlannerShowsItOverTheFaces() throws {
    var planner = try Fixtures.planner()
    planner.stopwatchFaces = StopwatchFaces(formatter: try Fixtures.board().formatter)
    planner.stopwatchElapsed = 1_230_000_000
    let first = planner.frame(at: 0, synchronised: true)
    #expect(first.activity == .stopwatch)
    #expect(planner.layout.text(of: first.state) == "00:01.23")
    planner.stopwatchElapsed = 1_240_000_000
    let next = planner.frame(at: 10_000_000, synchronised: true)
    #expect(next.change(from: first, transition: .crossfade) == .value(.none))
    planner.stopwatchElapsed = nil
    #expect(planner.frame(at: 0, synchronised: true).activity != .stopwatch)
  }
}
