import NixieDisplay
import NixieTransitions
import Testing

/// The aimed slot machine: time in proportion to each cathode's lag, a floor for every cathode,
/// no showing longer than the hold bound, and the even run when nothing lags.
struct AimedSpinTests {
  static let digits = Array(0..<10)
  static let second: UInt64 = 1_000_000_000

  /// Tubes' wear (seconds by digit) to plan for.
  static let wears: [[UInt64]] = [
    [36_000, 36_000, 14_400, 0, 0, 0, 0, 0, 0, 0],  // an HH:mm clock's hour tens, a day
    [10, 9, 8, 7, 6, 5, 4, 3, 2, 1], [0, 0, 0, 0, 0, 0, 0, 0, 0, 1_000_000], [5, 5, 5, 5, 5, 5, 5, 5, 5, 0],
    [1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 99_999],  // the tube's decimal point does not count
  ]

  /// The share `wear` should give `order[index]`.
  static func expectedShare(_ wear: [UInt64], index: Int, floor: Double) -> Double {
    let times = digits.map { wear[$0] }
    let most = times.max()!
    let lags = times.map { Double(most - $0) }
    return floor / 10 + (1 - floor) * lags[index] / lags.reduce(0, +)
  }

  @Test(arguments: [0.0, 0.1, 0.25, 0.5, 1])
  func eachCathodeGetsItsShareOfTheRun(floor: Double) {
    for wear in Self.wears {
      let wear = wear.map { $0 * Self.second }
      let duration = 120 * Self.second
      let spin = AimedSpin(
        order: Self.digits, wear: wear, start: 1_000, duration: duration, landing: .only(4),
        minimumShare: floor)
      var total: UInt64 = 0
      for index in Self.digits {
        let expected = Self.expectedShare(wear, index: index, floor: floor)
        let share = Double(spin.litTime(ofOrderIndex: index)) / Double(duration)
        #expect(abs(share - expected) < 1e-6, "\(wear) \(index): \(share) vs \(expected)")
        // The floor: every cathode gets its even part of `minimumShare`.
        #expect(share >= floor / 10 - 1e-6)
        total += spin.litTime(ofOrderIndex: index)
      }
      #expect(max(total, duration) - min(total, duration) <= UInt64(spin.laps * 10))
      #expect(spin.end == 1_000 + total)
      #expect(spin.holds.allSatisfy { $0 <= AimedSpin.defaultMaximumHold && $0 >= 1 })
    }
  }

  @Test func theSharesAddUpToTheRun() {
    for wear in Self.wears {
      let shares = AimedSpin.shares(order: Self.digits, wear: wear, minimumShare: 0.25)
      #expect(abs(shares.reduce(0, +) - 1) < 1e-12)
      #expect(shares.allSatisfy { $0 >= 0.025 - 1e-12 })
    }
    #expect(AimedSpin.shares(order: [], wear: [1], minimumShare: 0.25).isEmpty)
    // Cathodes the wear does not reach count as unused; NaN and out-of-range floors are clamped.
    #expect(AimedSpin.shares(order: [0, 1], wear: [4], minimumShare: .nan) == [0, 1])
    #expect(AimedSpin.shares(order: [0, 1], wear: [4], minimumShare: 7) == [0.5, 0.5])
  }

  /// Every lap shows every cathode of `order`, in order from `offset`, and no showing is longer
  /// than the hold bound: it still spins.
  @Test func itSpinsThroughEveryCathodeEveryLap() {
    let wear = Self.wears[2].map { $0 * Self.second }
    let hold: UInt64 = 200_000_000
    let spin = AimedSpin(
      order: Self.digits, wear: wear, offset: 3, start: 5 * Self.second, duration: 10 * Self.second,
      landing: .only(1), maximumHold: hold)
    #expect(spin.laps > 1)
    var shown: [Int] = []
    var longest: UInt64 = 0
    spin.visit(from: spin.start, to: spin.end + 7) { cathode, length in
      if let cathode { shown.append(cathode) } else { #expect(length == 7) }
      longest = max(longest, cathode == nil ? 0 : length)
    }
    let lap = (0..<10).map { (3 + $0) % 10 }
    #expect(shown == Array((0..<spin.laps).map { _ in lap }.joined()))
    #expect(longest <= hold)
    #expect(spin.cathode(at: spin.start) == 3 && spin.cathode(at: 0) == 3)
    #expect(spin.cathode(at: spin.end - 1) == 2 && spin.cathode(at: spin.end) == nil)
  }

  /// `cathode(at:)` and `visit` agree at every showing's edges.
  @Test func itsQueriesAgree() {
    let wear = Self.wears[1].map { $0 * Self.second }
    let spin = AimedSpin(
      order: Self.digits, wear: wear, offset: 8, start: 77, duration: 3 * Self.second, landing: .none)
    var time: UInt64 = 77
    spin.visit(from: 77, to: spin.end) { cathode, length in
      #expect(spin.cathode(at: time) == cathode)
      #expect(spin.cathode(at: time + length - 1) == cathode)
      time += length
    }
    #expect(time == spin.end)
  }

  /// Equal wear (or none) is the even run: the same cathode as a `SlotSpin` at every time.
  @Test(arguments: [0, 5, 9])
  func equalWearIsTheEvenRun(offset: Int) {
    for wear in [[UInt64](repeating: 0, count: 12), [UInt64](repeating: 42 * Self.second, count: 10)] {
      for duration in [2 * Self.second, 60 * Self.second, 999_999_999] {
        let aimed = AimedSpin(
          order: Self.digits, wear: wear, offset: offset, start: 1_000, duration: duration, landing: .only(2))
        #expect(Set(aimed.holds).count == 1)
        let even = SlotSpin(
          order: Self.digits, offset: offset, start: 1_000, step: aimed.holds[0], steps: aimed.laps * 10,
          landing: .only(2))
        #expect(aimed.end == even.end && aimed.landing == even.landing)
        let step = max(aimed.holds[0] / 3, 1)
        var time: UInt64 = 0
        while time < even.end + step {
          #expect(aimed.cathode(at: time) == even.cathode(at: time), "\(time)")
          time += step
        }
      }
    }
  }

  @Test func degenerateRunsNeitherTrapNorHang() {
    let none = AimedSpin(order: [], wear: [], start: 0, duration: 10, landing: .none)
    #expect(none.cathode(at: 0) == nil && none.end == 0 && none.laps == 0)
    let instant = AimedSpin(order: Self.digits, wear: [], start: 0, duration: 0, landing: .none)
    #expect(instant.holds.allSatisfy { $0 == 1 } && instant.laps == 1)
    let late = AimedSpin(
      order: [0, 1], wear: [0, 9], start: .max - 5, duration: .max, landing: .none, maximumHold: 0)
    #expect(late.end == .max)
    #expect(late.cathode(at: .max - 5) != nil)
  }
}
