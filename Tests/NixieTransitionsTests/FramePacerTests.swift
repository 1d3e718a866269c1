import NixieDisplay
import NixieTestBoards
import NixieTestSupport
import NixieTransitions
import Testing

/// The pacing of frames in time, on a virtual clock.
struct FramePacerTests {
  static let layout = TestLayouts.reference
  static let period: UInt64 = 5_000_000
  static func state(_ text: String) throws -> DisplayState {
    try ValueFormatter(layout: layout, boardName: "test").format(text)
  }

  @Test func theUnitsTubeKeepsItsNineInEveryFrameWhileTheTensFadeInAOne() throws {
    var play = Playback(layout: Self.layout, showing: try Self.state("9"))
    play.pacer.show(try Self.state("19"), transition: .crossfade, at: 0)
    play.run()
    #expect(play.writes.count > 100)
    for write in play.writes {
      #expect(write.frame.lit[7] == .only(Self.layout.digit(9, at: 7)))
      #expect(write.frame.lit[6] == .none || write.frame.lit[6] == .only(Self.layout.digit(1, at: 6)))
      #expect([0, 1, 2, 3, 4, 5].allSatisfy { write.frame.lit[$0] == .none })
    }
    let expected = try Self.state("19")
    #expect(play.writes.last?.frame == expected)
    let one = Self.layout.digit(1, at: 6)
    var previous = 0.0
    for window in 0..<50 {
      let duty = play.duty(
        position: 6, cathode: one, from: UInt64(window) * 10_000_000, to: UInt64(window + 1) * 10_000_000)
      #expect(duty >= previous)
      previous = duty
    }
  }

  @Test(arguments: FadeCurve.allCases)
  func retargetingMidFadeCarriesOnFromWhatIsLit(_ curve: FadeCurve) throws {
    var play = Playback(layout: Self.layout, showing: try Self.state("1"))
    let fade = TransitionSpec(.crossfade, duration: 500_000_000, curve: curve)
    play.pacer.show(try Self.state("2"), transition: fade, at: 0)
    play.run(until: 200_000_000)
    play.pacer.show(try Self.state("3"), transition: fade, at: play.now)
    play.run()
    let digits = [1, 2, 3].map { Self.layout.digit($0, at: 7) }
    var previous: [Double]? = nil
    var biggestStep = 0.0
    for window in 0..<140 {
      let from = UInt64(window) * Self.period
      let duties = digits.map { play.duty(position: 7, cathode: $0, from: from, to: from + Self.period) }
      if let previous {
        biggestStep = max(biggestStep, zip(duties, previous).map { abs($0 - $1) }.max()!)
      }
      if window == 39 {
        // Mid-fade: 2 is partly lit, so restarting from a steady 2 would be a jump.
        #expect(duties[1] > 0.1 && duties[1] < 0.9, "\(duties)")
      }
      previous = duties
    }
    #expect(biggestStep < 0.03, "largest change between periods: \(biggestStep)")
    let expected = try Self.state("3")
    #expect(play.writes.last?.frame == expected)
  }

  @Test func aSettledDisplayIdlesAndWritesNothingMore() throws {
    var play = Playback(layout: Self.layout)
    play.pacer.show(try Self.state("12:34:56"), transition: .crossfade, at: 0)
    play.run()
    #expect(play.pacer.isIdle)
    let writes = play.writes.count
    for minute in 1...60 {
      #expect(play.pacer.next(now: UInt64(minute) * 60_000_000_000) == .idle)
    }
    // The same state again changes nothing, so it writes nothing.
    play.pacer.show(try Self.state("12:34:56"), transition: .crossfade, at: play.now)
    play.run()
    #expect(play.writes.count == writes)
    #expect(play.pacer.isIdle)
  }

  @Test func belowFullBrightnessThePeriodsGoOn() throws {
    var play = Playback(layout: Self.layout, showing: try Self.state("42"))
    play.pacer.setBrightness(0.25, at: 0)
    play.run(until: 100_000_000)
    #expect(!play.pacer.isIdle)
    // Two writes a period (lit, dark), but the first lit one is already shown.
    #expect(play.writes.count == 39)
    #expect(
      abs(play.duty(position: 7, cathode: Self.layout.digit(2, at: 7), from: 0, to: 100_000_000) - 0.25)
        <= 0.5 / 250 + 1e-9)
    play.pacer.setBrightness(1, at: play.now)
    play.run()
    #expect(play.pacer.isIdle)
    let expected = try Self.state("42")
    #expect(play.writes.last?.frame == expected)
  }

  @Test func noFrameEverLightsTwoMainCathodesOfOneTube() throws {
    var random = SplitMix64(state: 3)
    let formatter = ValueFormatter(layout: Self.layout, boardName: "test")
    for _ in 0..<40 {
      var play = Playback(layout: Self.layout)
      for _ in 0..<4 {
        let value = (0..<6).map { _ in String(Int.random(in: 0...9, using: &random)) }.joined()
        let spec = TransitionSpec(
          TransitionSpec.Kind.allCases.randomElement(using: &random)!,
          duration: UInt64.random(in: 0...400, using: &random) * 1_000_000,
          curve: FadeCurve.allCases.randomElement(using: &random)!)
        play.pacer.show(try formatter.format(value), transition: spec, at: play.now)
        if Bool.random(using: &random) {
          play.pacer.setBrightness(Double.random(in: 0...1, using: &random), at: play.now)
        }
        play.run(until: play.now + UInt64.random(in: 1...600, using: &random) * 1_000_000)
      }
      play.pacer.setBrightness(1, at: play.now)
      play.run()
      for write in play.writes {
        for index in Self.layout.tubeIndices {
          #expect(
            write.frame.lit[index].intersection(Self.layout.positions[index].model.mainCathodes).count <= 1)
        }
      }
    }
  }

  @Test func slotVisitsEveryCathodeOfEveryTube() throws {
    for start in ["000000", "12:34:56"] {
      var play = Playback(layout: Self.layout, showing: try Self.state(start))
      if start == "000000" {
        play.pacer.show(try Self.state("999999"), transition: TransitionSpec(.slot), at: 0)
      } else {
        play.pacer.cycle(to: try Self.state(start), duration: 300_000_000, at: 0)
      }
      play.run()
      for index in Self.layout.tubeIndices {
        let position = Self.layout.positions[index]
        var seen = CathodeSet.none
        for write in play.writes { seen = seen.union(write.frame.lit[index]) }
        #expect(
          seen == position.wired.intersection(position.model.mainCathodes), "\(position.name) from \(start)")
      }
    }
  }

  @Test func slicesWhoseTimeHasPassedAreSkippedNotReplayed() throws {
    var pacer = FramePacer(layout: Self.layout, showing: try Self.state("1"))
    pacer.show(try Self.state("2"), transition: TransitionSpec(.crossfade, curve: .linear), at: 0)
    guard case .write(let first) = pacer.next(now: 0), first < Self.period else {
      Issue.record("expected a write in the first period")
      return
    }
    // The caller stalls for 100 ms: the next write is in the period that holds "now".
    guard case .write(let deadline) = pacer.next(now: 100_000_000) else {
      Issue.record("expected a write")
      return
    }
    #expect(deadline >= 100_000_000 - Self.period && deadline < 100_000_000 + Self.period)
  }
}
