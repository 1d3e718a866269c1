import NixieRoom
import Testing

/// `brightness: auto` from the readings' side: lux sequences in, brightness sequences out; the
/// sensor lost and found again, once each in the log; nonsense refused.
struct AutoBrightnessTests {
  static let second: Int64 = 1_000_000_000

  /// One sample and one look a second: the brightness after each.
  static func run(_ readings: [AutoBrightness.Reading], fallback: Int = 60) -> (
    levels: [Int], changes: [AutoBrightness.Change]
  ) {
    var auto = AutoBrightness(settings: .init(curve: .standard, fallbackPercent: fallback))
    var levels: [Int] = []
    var changes: [AutoBrightness.Change] = []
    for (index, reading) in readings.enumerated() {
      let time = Int64(index) * second
      if let change = auto.take(reading, at: time) { changes.append(change) }
      levels.append(auto.level(at: time))
    }
    return (levels, changes)
  }

  static func lux(_ values: [Double]) -> [AutoBrightness.Reading] { values.map { .lux($0) } }

  /// Lux sequences and the brightness sequences they make (standard curve: 1 lux 10 %, 50 lux
  /// 50 %, 500 lux 100 %).
  static let table: [(readings: [AutoBrightness.Reading], levels: [Int])] = [
    // The first reading sets the brightness at once; a steady room stays put.
    (lux([500, 500, 500]), [100, 100, 100]),
    (lux([0, 0, 0, 0]), [10, 10, 10, 10]),
    // Lights off: down by tenths, one step a second, to the dark room's 10 %.
    (lux([500, 0, 0, 0, 0, 0]), [100, 90, 81, 73, 66, 59]),
    // A flickering lamp between 45 and 55 lux (48.2 % to 51.7 %): never a step.
    (lux([50, 45, 55, 47, 53, 45, 55]), [50, 50, 50, 50, 50, 50, 50]),
    // The sensor fails: the brightness goes to the fallback (60 %), smoothly, and comes
    // back when it reads again.
    (
      lux([0]) + [.failed("gone"), .failed("gone"), .failed("gone")] + lux([0, 0]), [10, 11, 12, 13, 12, 11]
    ),
    // Nonsense counts as no reading.
    (lux([50, -3, .nan, .infinity, 1e9]), [50, 55, 60, 60, 60]),
  ]

  @Test(arguments: table)
  func brightnessFollowsTheLight(readings: [AutoBrightness.Reading], levels: [Int]) {
    #expect(Self.run(readings).levels == levels)
  }

  /// Lost once and found once, however long it fails and in however many ways.
  @Test func lostAndFoundAreSaidOnce() {
    let readings: [AutoBrightness.Reading] =
      Self.lux([20]) + [.failed("cannot read x: No such device"), .lux(-1), .failed("again")]
      + Self.lux([20, 21])
    let changes = Self.run(readings).changes
    #expect(changes == [.lost("cannot read x: No such device"), .recovered(lux: 20)])
  }

  /// A sensor missing from the start is lost at once; the fallback holds, then its first
  /// reading is found (and the brightness moves there smoothly, not at once).
  @Test func missingFromTheStart() {
    let readings: [AutoBrightness.Reading] =
      [.failed("no sensor"), .failed("no sensor")] + Self.lux([500, 500])
    let (levels, changes) = Self.run(readings)
    #expect(changes == [.lost("no sensor"), .recovered(lux: 500)])
    #expect(levels == [60, 60, 66, 73])
  }

  /// A reading that does not change for an hour is stuck: fallback, until it moves.
  @Test func stuckReadingFallsBack() {
    var auto = AutoBrightness(settings: .init(curve: .standard, fallbackPercent: 30))
    let minute: Int64 = 60 * Self.second
    #expect(auto.take(.lux(120), at: 0) == nil)
    for minutes in stride(from: 1, through: 59, by: 1) {
      #expect(auto.take(.lux(120), at: Int64(minutes) * minute) == nil)
    }
    let stuck = auto.take(.lux(120), at: 60 * minute)
    #expect(stuck == .lost("has read 120 lux without change for 60 minutes (stuck)"))
    #expect(auto.lux == nil)
    #expect(auto.target == 30)
    #expect(auto.take(.lux(120), at: 61 * minute) == nil)
    #expect(auto.take(.lux(121.5), at: 62 * minute) == .recovered(lux: 121.5))
  }

  /// A dark room reads 0 all night, and that is not stuck.
  @Test func darkIsNotStuck() {
    var auto = AutoBrightness(settings: .init())
    for hour in 0..<12 {
      #expect(auto.take(.lux(0), at: Int64(hour) * 3600 * Self.second) == nil)
    }
    #expect(auto.lux == 0)
  }

  static let nonsense: [(Double, String)] = [
    (-0.5, "reads -0.5 lux, below 0"), (.nan, "reads no number"), (.infinity, "reads an infinite value"),
    (-.infinity, "reads an infinite value"), (250_000, "reads 250000 lux, brighter than the sun"),
  ]

  @Test(arguments: nonsense)
  func nonsenseIsNamed(lux: Double, message: String) {
    var check = LightReadingCheck()
    #expect(check.check(lux, at: 0)?.description == message)
  }

  static let luxTexts: [(Double, String)] = [
    (0, "0"), (0.25, "0.25"), (0.004, "0"), (0.005, "0.01"), (1.5, "1.5"), (120, "120"),
    (1234.567, "1234.57"),
    (-2.5, "-2.5"), (100_000, "100000"),
  ]

  @Test(arguments: luxTexts)
  func luxText(lux: Double, text: String) {
    #expect(LuxText.text(lux) == text)
  }
}
