import NixieRoom
import Testing

/// The smoothing between the light's brightness and the tubes': whole percents, at most one
/// step a second, steps about a tenth of the brightness, and hysteresis so a wandering target
/// never makes the tubes shimmer.
struct LightSmootherTests {
  static let second: Int64 = 1_000_000_000

  /// Starting at `start`, one look a second at each target in turn: the levels after each.
  static func levels(from start: Int, targets: [Double]) -> [Int] {
    var smoother = LightSmoother(level: start)
    return targets.enumerated().map { index, target in
      smoother.advance(toward: target, at: Int64(index) * second)
    }
  }

  /// Target sequences (one look a second) and the brightness they give.
  static let table: [(start: Int, targets: [Double], levels: [Int])] = [
    // Within the hysteresis (2 points at 10 %): nothing moves.
    (10, [11, 9, 11.4, 8.6, 10], [10, 10, 10, 10, 10]),
    // A clear step up from 10 %: 1 point a second until there.
    (10, [14, 14, 14, 14, 14, 14], [11, 12, 13, 14, 14, 14]),
    // Down from full: 10 points a second, shrinking with the brightness.
    (100, [40, 40, 40, 40, 40, 40, 40, 40], [90, 81, 73, 66, 59, 53, 48, 43]),
    // 50 % and a target wandering ±6 points around it: inside 8 (15 % of 50), still.
    (50, [56, 44, 55, 45, 56.4, 43.6], [50, 50, 50, 50, 50, 50]),
    // Once moving it goes all the way, even through the hysteresis band.
    (50, [70, 57, 57, 57], [55, 57, 57, 57]),
    // Out of range targets are held to 1…100.
    (3, [-20, -20, 250, 250], [2, 1, 2, 3]),
  ]

  @Test(arguments: table)
  func smoothing(start: Int, targets: [Double], levels: [Int]) {
    #expect(Self.levels(from: start, targets: targets) == levels)
  }

  /// Several looks within a second take one step at most.
  @Test func oneStepASecond() {
    var smoother = LightSmoother(level: 20)
    var levels: [Int] = []
    for tenth in 0..<25 {
      levels.append(smoother.advance(toward: 90, at: Int64(tenth) * Self.second / 10))
    }
    #expect(
      levels == Array(repeating: 22, count: 10) + Array(repeating: 24, count: 10) + [26, 26, 26, 26, 26])
    #expect(smoother.nextStep == 3 * Self.second)
  }

  /// Over any target sequence: whole steps no bigger than a tenth, no two within a second.
  @Test func stepsAreSmall() {
    var smoother = LightSmoother(level: 60)
    var previous = smoother.level
    var lastChange: Int64 = -Self.second
    var target = 60.0
    for tick in 0..<2_000 {
      // A target that jumps around: a crude generator is enough here.
      if tick % 37 == 0 { target = Double((tick * 7919) % 120) - 10 }
      let time = Int64(tick) * Self.second / 4
      let level = smoother.advance(toward: target, at: time)
      if level != previous {
        #expect(abs(level - previous) <= LightSmoother.stepLimit(from: previous))
        #expect(time - lastChange >= Self.second)
        lastChange = time
      }
      #expect((1...100).contains(level))
      previous = level
    }
  }

  @Test func jumpSetsAtOnce() {
    var smoother = LightSmoother(level: 100)
    smoother.jump(to: 12.4)
    #expect(smoother.level == 12)
    #expect(!smoother.isMoving)
    #expect(smoother.advance(toward: 13, at: 0) == 12)
  }

  static let limits: [(level: Int, step: Int, hysteresis: Int)] = [
    (1, 1, 2), (14, 1, 2), (15, 2, 2), (16, 2, 2), (17, 2, 3), (50, 5, 8), (95, 10, 14), (100, 10, 15),
  ]

  @Test(arguments: limits)
  func limitsScaleWithTheBrightness(level: Int, step: Int, hysteresis: Int) {
    #expect(LightSmoother.stepLimit(from: level) == step)
    #expect(LightSmoother.hysteresis(at: level) == hysteresis)
  }
}
