import NixieBoardModel
import NixieBoards
import NixieClock
import NixieClockSettings
import NixieControl
import NixieCore
import NixieRoom
import Testing

/// nixie.yaml's `brightness: auto` (and its mapping) and `presence`, checked as the file's
/// other keys are, with `file:line:column`.
struct RoomConfigurationTests {
  @Test func autoFollowsTheFirstSensorWithTheStandardCurve() throws {
    let configuration = try ConfigurationText.parse("brightness: auto\n")
    let light = try #require(configuration.light)
    #expect(light.sensor == .first && light.curve == .standard && light.sampleSeconds == 5)
    #expect(configuration.brightness == 1)
    #expect(try ConfigurationText.parse("brightness: AUTO\n").light != nil)
    #expect(try ConfigurationText.parse("brightness: 40\n").light == nil)
  }

  @Test func theMappingSetsSensorCurvePeriodAndFallback() throws {
    let configuration = try ConfigurationText.parse(
      """
      brightness:
        sensor: bh1750
        curve: {0.5: 5, 20: 30, 300: 90}
        sample-seconds: 2
        fallback: 60

      """)
    let light = try #require(configuration.light)
    #expect(light.sensor == .named("bh1750"))
    #expect(light.curve.points.map(\.lux) == [0.5, 20, 300])
    #expect(light.curve.points.map(\.percent) == [5, 30, 90])
    #expect(light.sampleSeconds == 2)
    #expect(configuration.brightness == 0.6)
    let board = try Fixtures.board()
    let planner = try configuration.planner(for: board)
    #expect(planner.light == AutoBrightness.Settings(curve: light.curve, fallbackPercent: 60))
    #expect(
      try ConfigurationText.parse("brightness: {sensor: /run/light}\n").light?.sensor
        == .directory("/run/light"))
  }

  static let refusals: [(String, String)] = [
    ("brightness: automatic\n", "nixie.yaml:1:1: brightness must be a whole number, not 'automatic'"),
    (
      "brightness: {curve: {1: 10}}\n", "nixie.yaml:1:14: brightness.curve needs 2 to 16 points, lux: percent"
    ),
    (
      "brightness:\n  curve: {10: 10, 5: 50}\n",
      "nixie.yaml:2:19: brightness.curve's lux must increase: 5 comes after 10"
    ),
    (
      "brightness:\n  curve: {0: 10, 5: 50}\n",
      "nixie.yaml:2:11: brightness.curve's keys are lux above 0, such as 0.5 or 200, not '0'"
    ),
    (
      "brightness:\n  curve: {1: 10, 5: 150}\n",
      "nixie.yaml:2:18: brightness.curve.5 must be between 1 and 100, not 150"
    ),
    (
      "brightness: {sample-seconds: 0}\n",
      "nixie.yaml:1:14: brightness.sample-seconds must be between 1 and 60, not 0"
    ),
    ("brightness: {fallback: 0}\n", "nixie.yaml:1:14: brightness.fallback must be between 1 and 100, not 0"),
    ("brightness: {sensor: \"\"}\n", "nixie.yaml:1:14: brightness.sensor must not be empty"),
    (
      "brightness: {censor: bh1750}\n",
      "nixie.yaml:1:14: unknown key 'censor' in brightness (did you mean 'sensor'?); allowed: sensor, curve, sample-seconds, fallback"
    ),
    (
      "presence: {line: 17, off-after: 10 minutes}\n",
      "nixie.yaml:1:22: presence.off-after must be a duration from 1s to 24h, such as 90s, 9m or 1h30m, not '10 minutes'"
    ),
    (
      "presence: {line: 17, off-after: 25h}\n",
      "nixie.yaml:1:22: presence.off-after must be a duration from 1s to 24h, such as 90s, 9m or 1h30m, not '25h'"
    ),
    ("presence: {line: 1024}\n", "nixie.yaml:1:12: presence.line must be between 0 and 1023, not 1024"),
    ("presence: {line: 4, active: up}\n", "nixie.yaml:1:21: presence.active must be high or low"),
  ]

  @Test(arguments: refusals)
  func mistakesAreNamedWhereTheyAre(text: String, message: String) {
    #expect(ConfigurationText.refusal(text) == message)
  }

  static let durations: [(String, Int)] = [
    ("90s", 90), ("10m", 600), ("1h", 3600), ("45", 45), ("24h", 86_400),
  ]

  @Test(arguments: durations)
  func offAfterTakesSecondsMinutesAndHours(text: String, seconds: Int) throws {
    #expect(
      try ConfigurationText.parse("presence: {line: 17, off-after: \(text)}\n").presence?.offAfterSeconds
        == seconds)
  }

  @Test func presenceLineJoinsTheBoard() throws {
    let board = try Fixtures.board()
    let configuration = try ConfigurationText.parse("presence: {line: 4, off-after: 10m}\n")
    let wiring = try configuration.presenceWiring(for: board)
    #expect(wiring == PresenceWiring(chip: "raspberry-pi", line: 4, activeHigh: true, pullUp: false))
    #expect(try configuration.planner(for: board).presenceOffAfter == 600_000_000_000)
    let button = try ConfigurationText.parse(
      "presence: {line: 5, active: low, bias: pull-up, chip: gpiochip1}\n")
    #expect(
      try button.presenceWiring(for: board)
        == PresenceWiring(chip: "gpiochip1", line: 5, activeHigh: false, pullUp: true))
    #expect(try ConfigurationText.parse("presence: off\n").presenceWiring(for: board) == nil)
    #expect(try ConfigurationText.parse("").presenceWiring(for: board) == nil)
  }

  /// A board that declares a line: `presence:` without `line` uses it; nixie.yaml's wins.
  @Test func aBoardsOwnLineIsUsedUnlessTheFileGivesOne() throws {
    var board = try Fixtures.board()
    board.presence = PresenceWiring(chip: "raspberry-pi", line: 4, activeHigh: false, pullUp: true)
    let own = try ConfigurationText.parse("presence: {off-after: 5m}\n").presenceWiring(for: board)
    #expect(own == board.presence)
    let high = try ConfigurationText.parse("presence: {active: high}\n").presenceWiring(for: board)
    #expect(high == PresenceWiring(chip: "raspberry-pi", line: 4, activeHigh: true, pullUp: true))
    #expect(try ConfigurationText.parse("presence: {line: 6}\n").presenceWiring(for: board)?.line == 6)
  }

  @Test func aPresenceLineMustBeFreeAndGiven() throws {
    let board = try Fixtures.board()
    #expect(
      throws: NixieError(
        .badConfiguration,
        "nixie.yaml:1:11: presence needs a line: hv5622-6xin14 declares none (presence: {line: N})")
    ) {
      try ConfigurationText.parse("presence: {off-after: 5m}\n").presenceWiring(for: board)
    }
    let din = try #require(board.gpio?.lines[.din])
    #expect(
      throws: NixieError(
        .badConfiguration, "nixie.yaml:1:11: presence.line \(din) is hv5622-6xin14's din line")
    ) {
      try ConfigurationText.parse("presence: {line: \(din)}\n").presenceWiring(for: board)
    }
  }

  /// A line the Raspberry Pi's header does not have is refused at start with the header's range,
  /// on the simulator as on hardware; another chip's lines are its own.
  @Test func aPresenceLineTheHeaderDoesNotHaveIsRefused() throws {
    let board = try Fixtures.board()
    #expect(
      throws: NixieError(
        .badConfiguration,
        "nixie.yaml:1:11: presence.line 1023: the Raspberry Pi's header has GPIO lines 0 to 27")
    ) {
      try ConfigurationText.parse("presence: {line: 1023}\n").presenceWiring(for: board)
    }
    #expect(throws: NixieError.self) {
      try ConfigurationText.parse("presence: {line: 28}\n").presenceWiring(for: board)
    }
    #expect(try ConfigurationText.parse("presence: {line: 26}\n").presenceWiring(for: board)?.line == 26)
    #expect(try ConfigurationText.parse("presence: {line: 0}\n").presenceWiring(for: board)?.line == 0)
    #expect(
      try ConfigurationText.parse("presence: {line: 1023, chip: gpiochip1}\n").presenceWiring(for: board)?
        .line == 1023)
  }

  /// A brightness set on the page (the overrides) or on the command line is fixed: it sets
  /// `brightness: auto` aside.
  @Test func aFixedBrightnessFromElsewhereSetsAutoAside() throws {
    let file = try ConfigurationText.parse("brightness: {fallback: 50}\n")
    var overrides = ClockOverrides()
    overrides.brightness = 30
    let overridden = overrides.applied(to: file, origin: nil)
    #expect(overridden.light == nil && overridden.brightness == 0.3)
    #expect(ClockOverrides().applied(to: file, origin: nil).light != nil)
  }
}
