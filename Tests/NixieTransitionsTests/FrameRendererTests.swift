import NixieDisplay
import NixieTestBoards
import NixieTransitions
import Testing

/// One period at a time: main cathodes take turns, points overlap, brightness scales it all.
struct FrameRendererTests {
  static let layout = TestLayouts.reference
  static func state(_ text: String) throws -> DisplayState {
    try ValueFormatter(layout: layout, boardName: "test").format(text)
  }

  /// The share of the period during which `position` shows `cathode`.
  static func duty(_ slices: PWMSlices, _ position: Int, _ cathode: Int) -> Double {
    var lit: UInt64 = 0
    for index in 0..<slices.count where slices.frames[index].lit[position].contains(cathode) {
      lit += slices.duration(of: index)
    }
    return Double(lit) / Double(slices.period)
  }

  @Test(arguments: FadeCurve.allCases)
  func theDutySequenceOfAFadeFollowsTheCurve(_ curve: FadeCurve) throws {
    let settings = PWMSettings()
    var renderer = FrameRenderer(layout: Self.layout, settings: settings)
    let timeline = TransitionPlanner.plan(
      from: CathodeDuties(try Self.state("1"), layout: Self.layout), to: try Self.state("2"),
      layout: Self.layout,
      transition: TransitionSpec(.crossfade, duration: 500_000_000, curve: curve), at: 0)
    let one = Self.layout.digit(1, at: 7)
    let two = Self.layout.digit(2, at: 7)
    var levels = Set<Double>()
    let step = 1 / Double(settings.levels)
    for period in 0..<100 {
      let start = UInt64(period) * settings.period
      renderer.render(timeline, periodStart: start)
      let progress = (Double(period) + 0.5) / 100
      let rising = Self.duty(renderer.slices, 7, two)
      let falling = Self.duty(renderer.slices, 7, one)
      #expect(abs(rising - curve.duty(forBrightness: progress)) <= step, "period \(period)")
      #expect(abs(falling - curve.duty(forBrightness: 1 - progress)) <= step, "period \(period)")
      levels.insert(rising)
    }
    #expect(levels.count >= 48, "\(levels.count) distinct duties")
  }

  @Test func linearCrossfadeLightsNewThenOldForTheWholePeriod() throws {
    var renderer = FrameRenderer(layout: Self.layout)
    let timeline = TransitionPlanner.plan(
      from: CathodeDuties(try Self.state("1"), layout: Self.layout), to: try Self.state("2"),
      layout: Self.layout,
      transition: TransitionSpec(.crossfade, duration: 500_000_000, curve: .linear), at: 0)
    renderer.render(timeline, periodStart: 250_000_000 - 2_500_000)
    #expect(renderer.slices.count == 2)
    #expect(renderer.slices.offsets[0] == 0)
    #expect(renderer.slices.offsets[1] == 2_500_000)
    #expect(Self.layout.text(of: renderer.slices.frames[0]) == "       2")
    #expect(Self.layout.text(of: renderer.slices.frames[1]) == "       1")
  }

  @Test func aSteadyDisplayIsOneSliceForTheWholePeriod() throws {
    var renderer = FrameRenderer(layout: Self.layout)
    let state = try Self.state("12:34:56")
    renderer.render(.steady(state), periodStart: 0)
    #expect(renderer.slices.count == 1)
    #expect(renderer.slices.frames[0] == state)
    #expect(renderer.slices.duration(of: 0) == 5_000_000)
  }

  @Test(arguments: [0.0, 0.1, 0.3, 0.5, 0.99])
  func brightnessScalesEveryDutyAndTheRestIsDark(_ brightness: Double) throws {
    var renderer = FrameRenderer(layout: Self.layout)
    let state = try Self.state("12:34:56")
    renderer.render(.steady(state), periodStart: 0, brightness: brightness)
    for (position, lit) in state.lit.enumerated() {
      for cathode in lit.indices {
        #expect(abs(Self.duty(renderer.slices, position, cathode) - brightness) <= 0.004)
      }
    }
    let last = renderer.slices.frames[renderer.slices.count - 1]
    #expect(last.isDark)
    #expect(renderer.slices.count == (brightness == 0 ? 1 : 2))
  }

  /// Too few levels for the brightness never render a lit display dark: a steady cathode
  /// keeps one tick — a slow board's fit of 1 level at 43 % is lit all period, 16 levels at
  /// 1 % a sixteenth — and only 0 is dark.
  @Test func aLitDisplayKeepsATickWhateverTheLevels() throws {
    let state = try Self.state("12:34:56")
    let seconds = Self.layout.digit(6, at: 7)
    let rows: [(levels: Int, brightness: Double, duty: Double)] = [
      (1, 0.43, 1), (1, 0.6, 1), (16, 0.01, 1.0 / 16), (16, 0.2, 3.0 / 16), (250, 0.001, 1.0 / 250),
      (16, 0, 0),
    ]
    for row in rows {
      var renderer = FrameRenderer(
        layout: Self.layout, settings: PWMSettings(period: 10_000_000, fittedLevels: row.levels))
      renderer.render(.steady(state), periodStart: 0, brightness: row.brightness)
      let duty = Self.duty(renderer.slices, 7, seconds)
      #expect(abs(duty - row.duty) < 1e-9, "\(row.levels) levels at \(row.brightness): \(duty)")
    }
  }

  @Test func brightnessScalesAFadeToo() throws {
    var full = FrameRenderer(layout: Self.layout)
    var dim = FrameRenderer(layout: Self.layout)
    let timeline = TransitionPlanner.plan(
      from: CathodeDuties(try Self.state("1"), layout: Self.layout), to: try Self.state("2"),
      layout: Self.layout,
      transition: TransitionSpec(.crossfade, duration: 500_000_000), at: 0)
    full.render(timeline, periodStart: 300_000_000)
    dim.render(timeline, periodStart: 300_000_000, brightness: 0.4)
    for digit in [1, 2] {
      let cathode = Self.layout.digit(digit, at: 7)
      #expect(abs(Self.duty(dim.slices, 7, cathode) - 0.4 * Self.duty(full.slices, 7, cathode)) <= 0.004)
    }
  }

  @Test func decimalPointsOverlapTheDigitsInsteadOfTakingTurns() throws {
    let layout = TestLayouts.in14Points
    let formatter = ValueFormatter(layout: layout, boardName: "test")
    var renderer = FrameRenderer(layout: layout)
    let timeline = TransitionPlanner.plan(
      from: CathodeDuties(try formatter.format("9."), layout: layout), to: try formatter.format("8."),
      layout: layout,
      transition: TransitionSpec(.crossfade, duration: 500_000_000, curve: .linear), at: 0)
    renderer.render(timeline, periodStart: 100_000_000)
    let point = layout.positions[3].model.index(of: .rightDecimalPoint)!
    #expect(Self.duty(renderer.slices, 3, point) == 1)
    for index in 0..<renderer.slices.count {
      #expect(
        renderer.slices.frames[index].lit[3].intersection(layout.positions[3].model.mainCathodes).count == 1)
    }
  }

  @Test func aSlotMachineStepChangesExactlyWhereItFalls() throws {
    let layout = DisplayLayout(positions: [TestLayouts.tube(.in12A, "tube", wiring: TestLayouts.digits)])
    var renderer = FrameRenderer(layout: layout)
    let spin = SlotSpin(order: [1, 6, 2], offset: 0, start: 0, step: 3_000_000, steps: 3, landing: .only(7))
    let timeline = FadeTimeline(positions: [.spin(spin)], target: DisplayState(lit: [.only(7)]), start: 0)
    renderer.render(timeline, periodStart: 0)
    #expect(renderer.slices.count == 2)
    #expect(renderer.slices.frames[0].lit[0] == .only(1))
    #expect(renderer.slices.offsets[1] == 3_000_000)
    #expect(renderer.slices.frames[1].lit[0] == .only(6))
    // 5–6 ms the end of 6, 6–9 ms 2, then landed on 7.
    renderer.render(timeline, periodStart: 5_000_000)
    #expect(renderer.slices.count == 3)
    #expect((0..<3).map { renderer.slices.frames[$0].lit[0] } == [.only(6), .only(2), .only(7)])
    #expect((0..<3).map { renderer.slices.offsets[$0] } == [0, 1_000_000, 4_000_000])
    renderer.render(timeline, periodStart: 10_000_000)
    #expect(renderer.slices.count == 1)
    #expect(renderer.slices.frames[0].lit[0] == .only(7))
  }
}

/// The PWM settings' limits.
struct PWMSettingsTests {
  @Test func thePeriodIsAtMostTenMilliseconds() {
    #expect(PWMSettings().period == 5_000_000)
    #expect(PWMSettings(period: 20_000_000).period == 10_000_000)
    #expect(PWMSettings(period: 1).period == 1_000_000)
  }

  @Test func aTenMillisecondPeriodStillGivesFortyEightLinearStepsInHalfASecond() throws {
    let layout = TestLayouts.reference
    let formatter = ValueFormatter(layout: layout, boardName: "test")
    let settings = PWMSettings(period: 10_000_000)
    var renderer = FrameRenderer(layout: layout, settings: settings)
    let timeline = TransitionPlanner.plan(
      from: CathodeDuties(try formatter.format("1"), layout: layout), to: try formatter.format("2"),
      layout: layout,
      transition: TransitionSpec(.crossfade, duration: 500_000_000, curve: .linear), at: 0)
    var levels = Set<Double>()
    for period in 0..<50 {
      renderer.render(timeline, periodStart: UInt64(period) * settings.period)
      levels.insert(FrameRendererTests.duty(renderer.slices, 7, layout.digit(2, at: 7)))
    }
    #expect(levels.count >= 48)
  }
}
