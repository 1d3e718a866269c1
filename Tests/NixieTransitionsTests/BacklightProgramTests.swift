import NixieBoardModel
import NixieTransitions
import Testing

/// The backlight's settings as users write them, and its colour as a function of time: the
/// cycle's colours at injected instants against Python's `colorsys.hsv_to_rgb(t / period, 1, 1)`
/// (an independent implementation of the HSV hue circle), the level, the night's dark.
struct BacklightProgramTests {
  static let second: UInt64 = 1_000_000_000

  /// Seconds into a 60 s cycle, and `colorsys.hsv_to_rgb((s % 60) / 60, 1, 1)` rounded to 4 places.
  static let cycle: [(seconds: Double, rgb: [Double])] = [
    (0, [1, 0, 0]), (5, [1, 0.5, 0]), (7.5, [1, 0.75, 0]), (10, [1, 1, 0]), (15, [0.5, 1, 0]),
    (20, [0, 1, 0]), (25, [0, 1, 0.5]), (30, [0, 1, 1]), (35, [0, 0.5, 1]), (40, [0, 0, 1]),
    (45, [0.5, 0, 1]), (50, [1, 0, 1]), (55, [1, 0, 0.5]), (59.9, [1, 0, 0.01]), (60, [1, 0, 0]),
    (65, [1, 0.5, 0]),
  ]

  @Test(arguments: cycle)
  func theCycleWalksTheHueCircle(_ seconds: Double, _ rgb: [Double]) {
    let program = BacklightProgram(.cycle(period: 60 * Self.second))
    let color = program.color(at: UInt64(seconds * 1e9))
    for (channel, expected) in zip(color.channels, rgb) {
      #expect(abs(channel - expected) < 0.0001, "\(seconds) s: \(color.channels)")
    }
  }

  @Test func theCycleIsThePeriodsOwnAndTheLevelScalesIt() {
    let slow = BacklightProgram(.cycle(period: 600 * Self.second), level: 0.5)
    // A tenth of the way round a 600 s wheel is 60 s in: red with 0.6 green, at half level.
    let color = slow.color(at: 60 * Self.second)
    #expect(abs(color.red - 0.5) < 1e-9 && abs(color.green - 0.3) < 1e-9 && color.blue == 0)
    #expect(slow.isMoving)
    #expect(!BacklightProgram(.cycle(period: Self.second), level: 0).isMoving)
    #expect(BacklightProgram(.cycle(period: Self.second), level: 0).color(at: 123).isOff)
  }

  @Test func aSteadyColourDoesNotMove() {
    let amber = BacklightProgram(.steady(BacklightColor(rgb: 0xFFBF00)), level: 0.2)
    #expect(!amber.isMoving)
    #expect(amber.color(at: 0) == amber.color(at: 12_345 * Self.second))
    #expect(abs(amber.color(at: 0).green - 0.2 * 191 / 255) < 1e-12)
    #expect(BacklightProgram.off.color(at: 99).isOff)
  }

  @Test(arguments: [
    ("#ff8800", BacklightSetting.steady(BacklightColor(rgb: 0xFF8800))),
    ("#FF8800", .steady(BacklightColor(rgb: 0xFF8800))),
    ("#000000", .steady(.off)),
    ("amber", .steady(BacklightColor(rgb: 0xFFBF00))),
    ("Warm-White", .steady(BacklightColor(rgb: 0xFFB070))),
    ("off", .off), ("OFF", .off), ("cycle", .cycle),
  ])
  func theFormsAUserWritesAreRead(_ text: String, _ setting: BacklightSetting) {
    #expect(BacklightSetting(text) == setting)
  }

  @Test(arguments: [
    "", "#ff880", "#ff88000", "ff8800", "#ff88zz", "#ff 880", "reddish", "cycle 10", "on", "#ｆｆ8800",
  ])
  func everythingElseIsRefused(_ text: String) {
    #expect(BacklightSetting(text) == nil)
  }

  /// Every name is a CSS colour of the same value, or one of ours (amber, warm-white, pink).
  @Test func theNamesAreTheirColours() {
    let css: [String: UInt32] = [
      "red": 0xFF0000, "orange": 0xFFA500, "yellow": 0xFFFF00, "cyan": 0x00FFFF, "blue": 0x0000FF,
      "magenta": 0xFF00FF, "white": 0xFFFFFF, "green": 0x008000, "purple": 0x800080,
    ]
    // Ours differ from CSS where CSS's is not a light's: CSS green and purple are dark, its orange
    // is yellowish on an LED; the full-channel versions read better under a tube.
    let ours: Set = ["green", "purple", "orange"]
    for (name, rgb) in BacklightSetting.names {
      #expect(BacklightSetting(name) == .steady(BacklightColor(rgb: rgb)))
      if let expected = css[name], !ours.contains(name) { #expect(rgb == expected, "\(name)") }
    }
    #expect(Set(BacklightSetting.names.map(\.name)).count == BacklightSetting.names.count)
  }
}
