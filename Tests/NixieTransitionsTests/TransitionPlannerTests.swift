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
}
