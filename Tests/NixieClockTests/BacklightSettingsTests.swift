import NixieBoardModel
import NixieBoards
import NixieClock
import NixieClockSettings
import NixieControl
import NixieTransitions
import Testing

/// The backlight in nixie.yaml, the overrides file and the control socket: the forms a user
/// writes, the mistakes reported at their file:line:column (exit 65), the warning on a board
/// without one, the editor accepting on boards with one and refusing on the others, and the
/// state report.
struct BacklightSettingsTests {
  static func parse(_ text: String) throws -> ClockConfiguration {
    try ClockConfiguration.parse(bytes: Array(text.utf8), file: "nixie.yaml")
  }

  @Test(arguments: [
    ("backlight: amber\n", "amber", BacklightSetting.steady(BacklightColor(rgb: 0xFFBF00))),
    ("backlight: \"#FF8800\"\n", "#ff8800", .steady(BacklightColor(rgb: 0xFF8800))),
    ("backlight: off\n", "off", .off),
    ("backlight: false\n", "off", .off),
    ("backlight: cycle\n", "cycle", .cycle),
    ("backlight:\n  colour: Warm-White\n", "warm-white", .steady(BacklightColor(rgb: 0xFFB070))),
  ])
  func theFormsAUserWritesAreRead(_ text: String, _ written: String, _ setting: BacklightSetting) throws {
    let configuration = try Self.parse(text)
    let backlight = try #require(configuration.backlight)
    #expect(backlight.text == written)
    #expect(backlight.setting == setting)
    #expect(backlight.cycleSeconds == 300 && backlight.brightness == 1 && backlight.night == .follow)
  }

  @Test func theLongFormSetsTheCycleTheBrightnessAndTheNight() throws {
    let text = "backlight:\n  colour: cycle\n  cycle-seconds: 600\n  brightness: 40\n  night: off\n"
    let configuration = try Self.parse(text)
    let backlight = try #require(configuration.backlight)
    #expect(backlight.setting == .cycle && backlight.cycleSeconds == 600)
    #expect(backlight.brightness == 0.4 && backlight.night == .off)
    #expect(backlight.origin?.line == 2)
    // By day at 40 %, off as soon as the tubes' night starts (even a dim one).
    #expect(
      backlight.program(nightFactor: 1) == BacklightProgram(.cycle(period: 600_000_000_000), level: 0.4))
    #expect(backlight.program(nightFactor: 0.2).level == 0)
  }

  @Test(arguments: [
    (
      "backlight: reddish\n",
      "nixie.yaml:1:1: backlight must be a colour \"#rrggbb\" (in quotes), a colour name"
    ),
    ("backlight: \"#12345\"\n", "nixie.yaml:1:1: backlight must be a colour"),
    ("backlight: \"red\\u0007\"\n", "not 'red\\u{07}'"),
    ("backlight:\n  colour: blurple\n", "nixie.yaml:2:3: backlight.colour must be a colour"),
    ("backlight:\n  cycle-seconds: 60\n", "nixie.yaml:1:1: missing key 'colour' in backlight"),
    (
      "backlight:\n  colour: cycle\n  cycle-seconds: 5\n",
      "nixie.yaml:3:3: backlight.cycle-seconds must be between 10 and 86400"
    ),
    (
      "backlight:\n  colour: red\n  brightness: 0\n",
      "nixie.yaml:3:3: backlight.brightness must be between 1 and 100"
    ),
    (
      "backlight:\n  colour: red\n  night: dim\n",
      "nixie.yaml:3:3: backlight.night must be one of follow, off, on, not 'dim'"
    ),
    ("backlight:\n  color: red\n", "nixie.yaml:2:3: unknown key 'color' in backlight"),
  ])
  func aMistakeIsReportedWithItsPlace(_ text: String, _ expected: String) {
    do {
      _ = try Self.parse(text)
      Issue.record("accepted \(text)")
    } catch {
      let said = "\(error)"
      #expect(said.contains(expected), "\(said)")
    }
  }

  @Test(
    arguments: [
      (
        "hv5622-6xin14", "backlight: amber\n",
        "nixie.yaml:1:12: backlight 'amber' ignored: hv5622-6xin14 has no backlight"
      ),
      (
        "ncs314-v3", "backlight: cycle\n",
        "backlight 'cycle' ignored: ncs314-v3's backlight is not driven: 8 × SK6812"
      ),
      ("ncs314", "backlight: cycle\n", nil),
      ("exixe-14", "backlight: amber\n", nil),
      ("hv5622-6xin14", "backlight: off\n", nil),
      ("hv5622-6xin14", "", nil),
    ] as [(String, String, String?)])
  func aBoardWithoutOneWarnsAndIgnoresIt(_ board: String, _ text: String, _ warning: String?) throws {
    let configuration = try Self.parse(text)
    let profile = try BoardCatalog.load(.builtIn(board))
    let said = configuration.backlightWarning(for: profile)
    if let warning {
      #expect(said?.contains(warning) == true, "\(said ?? "nil")")
    } else {
      #expect(said == nil)
    }
    // The schedule has a backlight exactly on boards nixie drives one on: off unless set.
    let planner = try configuration.planner(for: profile)
    let driven = profile.backlight?.isDriven == true
    #expect((planner.backlight != nil) == driven)
    if driven && text.isEmpty { #expect(planner.backlight?.setting == .off) }
  }

  static func editor(board: String) throws -> (ClockSettingsEditor, ClockInbox) {
    let settings = try ClockOverridesTests.settings(try ClockOverridesTests.folder())
    let inbox = ClockInbox()
    let editor = ClockSettingsEditor(
      settings: settings, board: try BoardCatalog.load(.builtIn(board)), base: try settings.loadBase(),
      overrides: ClockOverrides(), inbox: inbox)
    return (editor, inbox)
  }

  @Test(arguments: ["ncs314", "ncs312"])
  func theEditorAcceptsOnABoardWithABacklight(_ board: String) throws {
    let (editor, inbox) = try Self.editor(board: board)
    for text in ["cycle", "amber", "#0a64c8", "off"] {
      var change = ClockSettingsChange()
      change.backlight = .set(text)
      let configuration = try editor.apply(change).get()
      #expect(configuration.backlight?.text == text)
      #expect(inbox.take() == [.reconfigure(configuration)])
      #expect(editor.overrides.yaml.contains("backlight: \"\(text)\""))
    }
    var reset = ClockSettingsChange()
    reset.backlight = .reset
    let resetTo = try editor.apply(reset).get()
    #expect(resetTo.backlight == nil)
  }

  @Test(arguments: [
    ("hv5622-6xin14", "hv5622-6xin14 has no backlight"),
    ("ncs314-v3", "ncs314-v3's backlight is not driven: 8 × SK6812"),
  ])
  func theEditorRefusesOnABoardWithout(_ board: String, _ message: String) throws {
    let (editor, inbox) = try Self.editor(board: board)
    var change = ClockSettingsChange()
    change.backlight = .set("amber")
    switch editor.apply(change) {
    case .success: Issue.record("accepted")
    case .failure(let error): #expect(error.message.hasPrefix(message), "\(error.message)")
    }
    #expect(inbox.take().isEmpty)
    #expect(editor.overrides == ClockOverrides())
  }

  @Test(arguments: [
    ("ncs314", "backlight: amber\n", "\"backlight\":\"amber\""),
    ("ncs314", "", "\"backlight\":\"off\""),
    ("exixe-14", "backlight: {colour: cycle}\n", "\"backlight\":\"cycle\""),
    ("hv5622-6xin14", "backlight: amber\n", "\"backlight\":null"),
    ("ncs314-v3", "backlight: amber\n", "\"backlight\":null"),
  ])
  func theStateReportSaysTheSettingWhereThereIsOne(_ board: String, _ text: String, _ member: String) throws {
    let profile = try BoardCatalog.load(.builtIn(board))
    let configuration = try Self.parse("timezone: UTC\n" + text)
    let status = ClockStatus()
    status.update(
      ClockStatus.Snapshot(planner: try configuration.planner(for: profile), activity: nil, night: false))
    let report = ClockStateReport(board: profile, status: status, editor: nil, frames: nil, timing: { nil })
    let json = report.json().filter { $0 != " " }
    #expect(json.contains(member), "\(json)")
  }
}
