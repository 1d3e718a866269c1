import NixieDisplay
import NixieTestBoards
import NixieTransitions
import Testing

/// Planning: which positions change, how, and when they are done.
struct TransitionPlannerTests {
  static let layout = TestLayouts.reference
  static func state(_ text: String) throws -> DisplayState {
    try ValueFormatter(layout: layout, boardName: "test").format(text)
  }

  static func plan(_ from: String, _ to: String, _ spec: TransitionSpec, at start: UInt64 = 1_000) throws
    -> FadeTimeline
  {
    TransitionPlanner.plan(
      from: CathodeDuties(try state(from), layout: layout), to: try state(to), layout: layout,
      transition: spec, at: start)
  }

  @Test(arguments: TransitionSpec.Kind.allCases)
  func positionsThatDoNotChangeAreNotTouched(_ kind: TransitionSpec.Kind) throws {
    let timeline = try Self.plan("9", "19", TransitionSpec(kind))
    let after = try Self.state("19")
    for (index, fade) in timeline.positions.enumerated() where index != 6 {
      #expect(fade == .steady(after.lit[index]), "position \(index)")
    }
    if kind == .none {
      #expect(timeline.positions[6] == .steady(.only(Self.layout.digit(1, at: 6))))
      #expect(timeline.end == timeline.start)
    } else {
      #expect(timeline.positions[6] != .steady(.only(Self.layout.digit(1, at: 6))))
      #expect(timeline.end > timeline.start)
    }
  }

  @Test func crossfadeRampsTheIncomingCathodeFirst() throws {
    let timeline = try Self.plan("1", "2", TransitionSpec(.crossfade, duration: 500, curve: .linear))
    guard case .ramps(let ramps) = timeline.positions[7] else {
      Issue.record("tube 6 should fade")
      return
    }
    let one = Self.layout.digit(1, at: 7)
    let two = Self.layout.digit(2, at: 7)
    #expect(ramps.map(\.cathode) == [two, one])
    #expect(ramps.map(\.from) == [0, 1])
    #expect(ramps.map(\.to) == [1, 0])
    #expect(ramps.allSatisfy { $0.start == 1_000 && $0.end == 1_500 && $0.isMain })
    #expect(timeline.end == 1_500)
  }

  @Test func fadeEmptiesTheTubeBeforeFillingIt() throws {
    let timeline = try Self.plan("1", "2", TransitionSpec(.fade, duration: 500))
    guard case .ramps(let ramps) = timeline.positions[7] else {
      Issue.record("tube 6 should fade")
      return
    }
    #expect(ramps[1].start == 1_000 && ramps[1].end == 1_250)
    #expect(ramps[0].start == 1_250 && ramps[0].end == 1_500)
    #expect(ramps[0].duty(at: 1_250) == 0)
    #expect(ramps[1].duty(at: 1_250) == 0)
  }

  @Test func slotSpinsTubesAndCrossFadesSeparators() throws {
    let timeline = try Self.plan("12:34:56", "654321", TransitionSpec(.slot, duration: 500_000_000))
    var landings: [UInt64] = []
    for index in Self.layout.tubeIndices {
      guard case .spin(let spin) = timeline.positions[index] else {
        Issue.record("tube at \(index) should spin")
        continue
      }
      #expect(spin.order.count == 10)
      #expect(spin.steps >= spin.order.count)
      #expect(spin.step == 50_000_000)
      landings.append(spin.end)
    }
    #expect(
      landings == landings.sorted() && Set(landings).count == 6, "each tube lands after its left neighbour")
    guard case .ramps = timeline.positions[2] else {
      Issue.record("colon should fade")
      return
    }
  }

  @Test func aSpinLandsOnTheTargetAfterTheCathodeBeforeItInDepthOrder() throws {
    let layout = DisplayLayout(positions: [TestLayouts.tube(.in12A, "tube", wiring: TestLayouts.digits)])
    let formatter = ValueFormatter(layout: layout, boardName: "test")
    let timeline = TransitionPlanner.plan(
      from: CathodeDuties(try formatter.format("5"), layout: layout), to: try formatter.format("4"),
      layout: layout,
      transition: TransitionSpec(.slot, duration: 100_000_000), at: 0)
    guard case .spin(let spin) = timeline.positions[0] else {
      Issue.record("the tube should spin")
      return
    }
    let digits = (0..<spin.steps).map { TubeModel.in12A.cathodes[spin.cathode(at: UInt64($0) * spin.step)!] }
    // IN-12 depth order: 1 6 2 7 5 0 4 9 8 3; 0 comes just before 4.
    #expect(digits.last == .digit(0))
    #expect(digits.count == 10)
    #expect(String(repeating: digits.map(\.name).joined(), count: 2).contains("1627504983"))
    #expect(spin.cathode(at: spin.end) == nil)
    #expect(spin.landing == .only(4))
  }

  @Test func cycleSpinsEveryTubeEvenWhenNothingChanges() throws {
    let state = try Self.state("12:34:56")
    let timeline = TransitionPlanner.cycle(
      from: CathodeDuties(state, layout: Self.layout), to: state, layout: Self.layout,
      duration: 1_000_000_000,
      laps: 2, at: 0)
    for index in Self.layout.tubeIndices {
      guard case .spin(let spin) = timeline.positions[index] else {
        Issue.record("tube at \(index) should spin")
        continue
      }
      #expect(spin.steps >= 20)
      #expect(spin.landing == state.lit[index])
    }
    #expect(timeline.positions[2] == .steady(state.lit[2]))
  }

  /// The reference layout's wear: every cathode of every position an hour, but the digit 7 of
  /// each tube, which has never glowed.
  static func wearWithSevensBehind() -> CathodeWear {
    var wear = CathodeWear(layout: layout)
    for position in 0..<wear.positionCount {
      for cathode in 0..<wear.cathodeCount(at: position) { wear[position, cathode] = 3_600_000_000_000 }
    }
    for index in layout.tubeIndices { wear[index, layout.digit(7, at: index)] = 0 }
    return wear
  }

  /// Each cathode's lit time in a spin from its start to its landing, and its longest showing.
  static func litTimes(_ spin: AimedSpin) -> (times: [Int: UInt64], longest: UInt64) {
    var times: [Int: UInt64] = [:]
    var longest: UInt64 = 0
    spin.visit(from: spin.start, to: spin.end) { cathode, time in
      guard let cathode else { return }
      times[cathode, default: 0] += time
      longest = max(longest, time)
    }
    return (times, longest)
  }

  @Test func anAimedCycleGivesEachTubesLaggardMostOfTheRunInShortShowings() throws {
    let state = try Self.state("12:34:56")
    let duration: UInt64 = 2_000_000_000
    let timeline = TransitionPlanner.cycle(
      from: CathodeDuties(state, layout: Self.layout), to: state, layout: Self.layout, duration: duration,
      wear: Self.wearWithSevensBehind(), at: 0)
    var landings: [UInt64] = []
    for (spinning, index) in Self.layout.tubeIndices.enumerated() {
      guard case .aimedSpin(let spin) = timeline.positions[index] else {
        Issue.record("tube at \(index) should spin aimed")
        continue
      }
      let step = duration / 10
      // As long as the even run's spin (within a nanosecond a showing, rounded down): the tube
      // lands two steps after its left neighbour.
      let planned = step * UInt64(10 + 2 * spinning)
      #expect(spin.end <= planned && planned - spin.end <= UInt64(spin.laps * 10), "\(spin.end)")
      landings.append(spin.end)
      let (times, longest) = Self.litTimes(spin)
      let seven = times[Self.layout.digit(7, at: index), default: 0]
      // The laggard: a tenth of the even quarter and all of the rest; each other digit a tenth
      // of the quarter.
      let expected = Double(spin.end) * (0.25 / 10 + 0.75)
      #expect(abs(Double(seven) - expected) <= Double(spin.laps * 10), "tube \(index): 7 lit \(seven) ns")
      for digit in 0...9 where digit != 7 {
        let lit = times[Self.layout.digit(digit, at: index), default: 0]
        #expect(
          abs(Double(lit) - Double(spin.end) * 0.025) <= Double(spin.laps * 10), "digit \(digit): \(lit)")
      }
      // Still a slot machine: nothing shown longer than five steps at a time.
      #expect(longest <= step * TransitionPlanner.aimedHoldSteps)
      #expect(spin.landing == state.lit[index])
    }
    #expect(
      landings == landings.sorted() && Set(landings).count == 6, "each tube lands after its left neighbour")
    #expect(
      timeline.duties(at: timeline.end, layout: Self.layout) == CathodeDuties(state, layout: Self.layout))
  }

  @Test func aCycleWithoutWearOrWithWearOfAnotherLayoutSpinsEvenly() throws {
    let state = try Self.state("12:34:56")
    let other = CathodeWear(
      layout: DisplayLayout(positions: [TestLayouts.tube(.in12A, "tube", wiring: TestLayouts.digits)]))
    for wear in [nil, other] {
      let timeline = TransitionPlanner.cycle(
        from: CathodeDuties(state, layout: Self.layout), to: state, layout: Self.layout,
        duration: 1_000_000_000, wear: wear, at: 0)
      for index in Self.layout.tubeIndices {
        guard case .spin = timeline.positions[index] else {
          Issue.record("tube at \(index) should spin evenly")
          continue
        }
      }
    }
  }
}
