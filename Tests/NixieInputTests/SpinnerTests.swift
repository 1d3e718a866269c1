import NixieInput
import Testing

/// The spinner selection model: stepping, wrap and clamp, disabled values, acceleration,
/// momentum, events.
struct SpinnerTests {
  static func spinner(
    _ count: Int, at index: Int? = nil, disabled: Set<Int> = [], wraps: Bool = true,
    momentum: Momentum.Settings? = nil
  ) throws -> Spinner<Int> {
    // Momentum tests turn fast; acceleration would blur what they measure.
    try Spinner(
      values: Array(0..<count), selectedIndex: index, disabled: disabled, wraps: wraps,
      acceleration: momentum == nil ? Acceleration() : nil, momentum: momentum)
  }

  /// Turns one detent per entry of `turns` ("+" or "-"), `interval` ms apart, and returns the
  /// indices visited.
  static func turn(_ spinner: inout Spinner<Int>, _ turns: String, every interval: Double = 200) -> [Int] {
    var time = ms(1000)
    var indices: [Int] = []
    for sign in turns {
      time += ms(interval)
      _ = spinner.turn(Detent(sign == "+" ? .clockwise : .counterclockwise, at: time))
      indices.append(spinner.selectedIndex)
    }
    return indices
  }

  @Test(arguments: [
    // count, start, wraps, disabled, turns, visited
    (3, 0, true, [Int](), "+++", [1, 2, 0]), (3, 0, true, [], "---", [2, 1, 0]),
    (3, 0, false, [], "+++", [1, 2, 2]), (3, 2, false, [], "---", [1, 0, 0]),
    (3, 0, false, [], "-", [0]), (3, 2, false, [], "+", [2]),
    (6, 0, true, [1, 2], "++", [3, 4]), (6, 3, true, [1, 2], "-", [0]),
    (6, 4, true, [5], "+", [0]), (6, 0, true, [5], "-", [4]),
    (6, 3, false, [4, 5], "+", [3]), (6, 1, false, [0], "-", [1]),
    (5, 2, true, [0, 1, 3, 4], "+-", [2, 2]),
  ])
  func stepsWrapClampAndSkipDisabled(
    _ count: Int, _ start: Int, _ wraps: Bool, _ disabled: [Int], _ turns: String, _ visited: [Int]
  ) throws {
    var spinner = try Self.spinner(count, at: start, disabled: Set(disabled), wraps: wraps)
    #expect(Self.turn(&spinner, turns) == visited)
  }

  @Test func aStepThatMovesNothingMakesNoEvent() throws {
    var spinner = try Self.spinner(3, at: 2, wraps: false)
    #expect(spinner.turn(Detent(.clockwise, at: 1)).isEmpty)
    #expect(spinner.turn(Detent(.counterclockwise, at: 2)) == [.changed(index: 1, cause: .turn, time: 2)])
  }

  @Test(arguments: [
    ([String](), nil as Int?, [Int](), SpinnerError.noValues),
    (["a"], 1, [], .initialOutOfRange(index: 1, count: 1)),
    (["a", "b"], -1, [], .initialOutOfRange(index: -1, count: 2)),
    (["a", "b"], 1, [1], .initialDisabled(index: 1)),
    (["a", "b"], nil, [2], .disabledOutOfRange(index: 2, count: 2)),
    (["a", "b"], nil, [0, 1], .allDisabled),
  ])
  func badListsAreErrors(_ values: [String], _ index: Int?, _ disabled: [Int], _ error: SpinnerError) {
    #expect(throws: error) { try Spinner(values: values, selectedIndex: index, disabled: Set(disabled)) }
  }

  @Test func startsAtTheFirstEnabledValue() throws {
    #expect(try Self.spinner(4, disabled: [0, 1]).selectedIndex == 2)
    #expect(try Spinner(values: ["x", "y"], selectedIndex: 1).value == "y")
  }

  @Test(arguments: [
    // count, ms between detents, index after 4 clockwise detents from 0
    (21, 10.0, 13), (21, 20.0, 7), (21, 40.0, 4), (20, 10.0, 4), (100, 10.0, 13), (5, 10.0, 4),
  ])
  func acceleratesOnlyLongListsTurnedFast(_ count: Int, _ interval: Double, _ index: Int) throws {
    var spinner = try Self.spinner(count, at: 0, wraps: false)
    #expect(Self.turn(&spinner, "++++", every: interval).last == index)
  }

  @Test func aChangeOfDirectionDoesNotAccelerate() throws {
    var spinner = try Self.spinner(50, at: 25)
    #expect(Self.turn(&spinner, "++-", every: 10) == [26, 30, 29])
  }

  /// Momentum: five fast detents, then let go.
  static func fling(_ spinner: inout Spinner<Int>, from time: UInt64 = ms(1000)) -> [SpinnerEvent] {
    var events: [SpinnerEvent] = []
    for k in 0..<5 { events += spinner.turn(Detent(.clockwise, at: time + UInt64(k) * ms(20))) }
    return events
  }

  @Test func momentumKeepsGoingSlowsDownAndStops() throws {
    var spinner = try Self.spinner(100, at: 0, momentum: Momentum.Settings())
    _ = Self.fling(&spinner)
    #expect(spinner.selectedIndex == 5)
    var events: [SpinnerEvent] = []
    var time = ms(1080)
    while let due = spinner.nextDeadline, due < ms(60_000) {
      time = due
      events += spinner.advance(to: time)
    }
    #expect(spinner.nextDeadline == nil, "the wheel stops by itself")
    #expect(events.count >= 5)
    #expect(events.allSatisfy { if case .changed(_, .momentum, _) = $0 { true } else { false } })
    #expect(spinner.selectedIndex == 5 + events.count)
    let gaps = zip(events, events.dropFirst()).map { $1.time - $0.time }
    let third = gaps.count / 3
    #expect(gaps.suffix(third).reduce(0, +) > 2 * gaps.prefix(third).reduce(0, +), "it decelerates: \(gaps)")
    #expect(events.first!.time > ms(1080), "it starts once the knob is let go")
  }

  @Test func aTurnStopsTheWheel() throws {
    var spinner = try Self.spinner(100, at: 0, momentum: Momentum.Settings())
    _ = Self.fling(&spinner)
    let moving = spinner.advance(to: ms(1300))
    #expect(!moving.isEmpty)
    let at = spinner.selectedIndex
    #expect(
      spinner.turn(Detent(.counterclockwise, at: ms(1301))) == [
        .changed(index: at - 1, cause: .turn, time: ms(1301))
      ])
    #expect(spinner.nextDeadline == nil)
    #expect(spinner.advance(to: ms(9000)).isEmpty)
  }

  @Test func aPressStopsTheWheel() throws {
    var spinner = try Self.spinner(100, at: 0, momentum: Momentum.Settings())
    _ = Self.fling(&spinner)
    _ = spinner.advance(to: ms(1300))
    let stopped = spinner.press(at: ms(1300))
    #expect(stopped)
    #expect(spinner.advance(to: ms(9000)).isEmpty)
    let stoppedAgain = spinner.press(at: ms(9001))
    #expect(!stoppedAgain, "a press with the wheel still is just a press")
  }

  @Test func withoutMomentumAFlingStopsWithTheKnob() throws {
    var spinner = try Self.spinner(100, at: 0)
    _ = Self.fling(&spinner)
    #expect(spinner.nextDeadline == nil)
    #expect(spinner.advance(to: ms(9000)).isEmpty)
  }

  @Test func aSlowTurnHasNoMomentum() throws {
    var spinner = try Self.spinner(100, at: 0, momentum: Momentum.Settings())
    _ = Self.turn(&spinner, "+++++", every: 100)
    #expect(spinner.advance(to: ms(9000)).isEmpty)
  }

  @Test func clampedMomentumStopsAtTheEnd() throws {
    var spinner = try Self.spinner(8, at: 0, wraps: false, momentum: Momentum.Settings())
    _ = Self.fling(&spinner)
    let events = spinner.advance(to: ms(9000))
    #expect(events.map { if case .changed(let index, _, _) = $0 { index } else { -1 } } == [6, 7])
    #expect(spinner.nextDeadline == nil)
  }

  @Test func eventsComeInOrderAndNothingAfterTheEnd() throws {
    var spinner = try Self.spinner(5, at: 1)
    var events = spinner.turn(Detent(.clockwise, at: 10))
    events += spinner.turn(Detent(.clockwise, at: 20))
    events += spinner.confirm(at: 30)
    events += spinner.turn(Detent(.clockwise, at: 40))
    events += spinner.cancel(.longPress, at: 50)
    #expect(
      events == [
        .changed(index: 2, cause: .turn, time: 10), .changed(index: 3, cause: .turn, time: 20),
        .confirmed(index: 3, time: 30),
      ])
    #expect(spinner.outcome == .confirmed(index: 3, time: 30))
  }
}
