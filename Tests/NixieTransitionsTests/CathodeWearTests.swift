import NixieDisplay
import NixieTestBoards
import NixieTransitions
import Testing

/// Each cathode's glow time: a frame counts each cathode by its duty, in whole nanoseconds,
/// saturating at the ceiling; the queries see what was counted.
struct CathodeWearTests {
  static let layout = TestLayouts.reference
  static let second: UInt64 = 1_000_000_000

  /// Duty and frame length → nanoseconds gained.
  static let weighting: [(duty: Double, nanoseconds: UInt64, gain: UInt64)] = [
    (1, 1_000_000_000, 1_000_000_000), (0.3, 1_000_000_000, 300_000_000), (0.5, 5_000_000, 2_500_000),
    (0, 1_000_000_000, 0), (0.000_000_000_4, 1_000_000_000, 0), (0.000_000_000_6, 1_000_000_000, 1),
    (1.0 / 3, 3, 1), (2.0 / 3, 3, 2), (0.25, 20_000, 5_000), (0.999, 1_000, 999), (1, 1, 1),
    (1.5, 1_000, 1_000), (-0.5, 1_000, 0), (.nan, 1_000, 0), (.infinity, 7, 7), (0.3, 0, 0),
  ]

  @Test func aFrameCountsEachCathodeByItsDuty() {
    for row in Self.weighting {
      var wear = CathodeWear(layout: Self.layout)
      var duties = CathodeDuties(layout: Self.layout)
      duties[3, 7] = row.duty
      wear.add(duties, for: row.nanoseconds)
      #expect(wear[3, 7] == row.gain, "duty \(row.duty) for \(row.nanoseconds) ns")
      #expect(wear.total(at: 3) == row.gain)
      #expect((0..<wear.positionCount).map { wear.total(at: $0) }.reduce(0, +) == row.gain)
    }
  }

  @Test func aCrossFadeCountsBothSidesByTheirShares() {
    // A cross-fade from 4 to 5 on tube 1: at each step the two duties add up to 1, so the tube
    // gains exactly the frames' time however the fade is cut.
    for steps in [1, 2, 3, 7, 10, 250] {
      var wear = CathodeWear(layout: Self.layout)
      let frame: UInt64 = 5_000_000
      for step in 0..<steps {
        var duties = CathodeDuties(layout: Self.layout)
        let share = Double(step) / Double(steps)
        duties[0, 5] = share
        duties[0, 4] = 1 - share
        wear.add(duties, for: frame)
      }
      let total = UInt64(steps) * frame
      #expect(
        wear.total(at: 0) >= total - UInt64(steps) && wear.total(at: 0) <= total + UInt64(steps), "\(steps)")
      #expect(wear[0, 4] > wear[0, 5])
    }
  }

  @Test func aSteadyDisplayCountsItsLitCathodesFully() {
    var state = Self.layout.blank
    state.lit[0] = .only(1)
    state.lit[2] = CathodeSet(bits: 0b11)
    var wear = CathodeWear(layout: Self.layout)
    wear.add(CathodeDuties(state, layout: Self.layout), for: 60 * Self.second)
    #expect(wear[0, 1] == 60 * Self.second)
    #expect(wear[2, 0] == 60 * Self.second && wear[2, 1] == 60 * Self.second)
    #expect(wear.total(at: 0) == 60 * Self.second && wear.total(at: 1) == 0)
  }

  @Test func timesSaturateAtTheCeiling() {
    var wear = CathodeWear(layout: Self.layout)
    var duties = CathodeDuties(layout: Self.layout)
    duties[0, 0] = 1
    duties[0, 1] = 0.5
    wear.add(duties, for: .max)
    #expect(wear[0, 0] == CathodeWear.ceiling)
    #expect(wear[0, 1] == 1 << 63)  // half of 2⁶⁴: below the ceiling
    wear.add(duties, for: .max)
    #expect(wear[0, 1] == CathodeWear.ceiling)
    wear.add(duties, for: 1)
    #expect(wear[0, 0] == CathodeWear.ceiling)
    #expect(wear.total(at: 0) == CathodeWear.ceiling)
    wear[1, 0] = .max
    #expect(wear[1, 0] == CathodeWear.ceiling)
    wear[1, 1] = CathodeWear.ceiling - 1
    var one = CathodeDuties(layout: Self.layout)
    one[1, 1] = 1
    wear.add(one, for: 5)
    #expect(wear[1, 1] == CathodeWear.ceiling)
  }

  @Test func dutiesOfAnotherShapeAreCutToThisOne() {
    var wear = CathodeWear(layout: TestLayouts.in12B)
    var duties = CathodeDuties(layout: TestLayouts.in14Points)  // 4 positions of 12 cathodes
    for position in duties.duties.indices {
      for cathode in duties.duties[position].indices { duties[position, cathode] = 1 }
    }
    wear.add(duties, for: 10)
    #expect((0..<4).allSatisfy { wear.total(at: $0) == 110 })
    #expect(wear[9, 0] == 0 && wear[0, 40] == 0 && wear.total(at: -1) == 0)
  }

  @Test func itFitsOnlyItsLayout() {
    let wear = CathodeWear(layout: Self.layout)
    #expect(wear.fits(Self.layout))
    #expect(wear.positionCount == 8 && wear.cathodeCount(at: 0) == 12 && wear.cathodeCount(at: 2) == 2)
    #expect(!wear.fits(TestLayouts.in14Points))
    #expect(!wear.fits(TestLayouts.in12B))
    #expect(!CathodeWear(layout: TestLayouts.signed).fits(TestLayouts.withUnit))
    #expect(CathodeWear(layout: TestLayouts.in14Points).fits(TestLayouts.in14Points))
  }

  @Test func laggardsComeLeastUsedFirstWithTheirShare() {
    var wear = CathodeWear(layout: Self.layout)
    for cathode in 0..<10 { wear[0, cathode] = UInt64(10 - cathode) * Self.second }
    wear[0, 3] = 10 * Self.second
    #expect(wear.mostUsed(at: 0) == 10 * Self.second)
    #expect(wear.total(at: 0) == 58 * Self.second)
    let laggards = wear.laggards(at: 0)
    #expect(laggards.map(\.cathode) == [10, 11, 9, 8, 7, 6, 5, 4, 2, 1, 0, 3])
    #expect(laggards.map(\.share) == [0, 0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.8, 0.9, 1, 1])
    #expect(laggards[2].nanoseconds == Self.second)
    // Nothing glowed yet: every cathode is level with the most used.
    #expect(CathodeWear(layout: Self.layout).laggards(at: 1).allSatisfy { $0.share == 1 })
    #expect(wear.laggards(at: 99).isEmpty)
  }
}
