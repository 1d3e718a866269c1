import Foundation
import NixieBoards
import NixieClock
import NixieClockSettings
import NixieControl
import NixieCore
import NixieYAMLFiles
import Testing

/// `nixie.yaml`: the shipped example, defaults, and every mistake reported with its line.
struct ConfigurationTests {
  static let example = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../../systemd/nixie.yaml.example").standardizedFileURL.path

  static func parse(_ yaml: String) throws -> ClockConfiguration {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "nixie-config-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let file = folder.appendingPathComponent("nixie.yaml")
    try yaml.write(to: file, atomically: true, encoding: .utf8)
    return try ClockConfiguration.load(file.path)
  }

  /// The example with every commented setting switched on: a leading `#` is dropped from
  /// each line that is a commented setting (`#board:`, `#  - format:`), not from prose (`# …`).
  static func exampleWithEverySettingOn() throws -> String {
    try String(contentsOfFile: example, encoding: .utf8).split(
      separator: "\n", omittingEmptySubsequences: false
    )
    .map { line in
      guard line.hasPrefix("#") else { return String(line) }
      let rest = line.dropFirst()
      let text = rest.drop { $0 == " " }
      let key = text.prefix { $0.isLowercase || $0 == "-" }
      let afterKey = text.dropFirst(key.count)
      let isKey =
        !key.isEmpty && afterKey.hasPrefix(":")
        && (afterKey.count == 1 || afterKey.dropFirst().hasPrefix(" "))
      let isSetting = isKey || text.hasPrefix("- ") || (text.hasPrefix("#") && rest.hasPrefix("  "))
      return isSetting ? String(rest) : String(line)
    }.joined(separator: "\n")
  }

  /// A topic face may group its value's digits (issue 27 §3: value faces as `show`).
  @Test func aTopicFaceMayGroupItsDigits() throws {
    let configuration = try Self.parse("faces:\n  - HH:mm\n  - topic: solar/energy\n    group-digits: true\n")
    let face = try #require(configuration.faces.last?.topic)
    #expect(face == TopicFace(topic: "solar/energy", groupDigits: true))
    #expect(face.formatOptions.groupDigits)
    #expect(face.json(seconds: 10).hasSuffix(#", "group_digits": true}"#))
    let plain = try Self.parse("faces:\n  - HH:mm\n  - topic: solar/energy\n")
    #expect(plain.faces.last?.topic?.groupDigits == false)
  }

  @Test func theInstalledExampleSetsNothing() throws {
    var configuration = try ClockConfiguration.load(Self.example)
    configuration.file = nil
    #expect(configuration == ClockConfiguration())
  }

  @Test func theShippedExampleParsesAndBuildsASchedule() throws {
    let configuration = try Self.parse(try Self.exampleWithEverySettingOn())
    #expect(configuration.board == "hv5622-6xin14")
    #expect(configuration.timeZone == "Europe/Berlin")
    #expect(configuration.faces.map(\.format) == ["HH:mm:ss", "dd.MM.yy", ""])
    #expect(configuration.faces.map(\.seconds) == [45, 10, 5])
    #expect(
      configuration.faces.last?.topic
        == TopicFace(topic: "home/outdoor/temperature", decimals: 1, staleSeconds: 1800))
    #expect(configuration.showSeconds == 5)
    #expect(configuration.night?.brightness == 0.2)
    #expect(configuration.antiPoisoning.long?.minutes == 10)
    #expect(configuration.antiPoisoning.short?.offsetSeconds == 30)
    #expect(configuration.antiPoisoning.mode == .aimed)
    #expect(configuration.control.limits.maximumLineBytes == 1024)
    #expect(configuration.motion == ClockMotion(fade: 500_000_000, curve: .perceptual))
    #expect(configuration.knob.turn == .brightness && configuration.knob.press == .nextFace)
    #expect(configuration.knob.longPress == .night && configuration.knob.longPressMilliseconds == 1000)
    #expect(configuration.knob.momentum == false)
    #expect(configuration.realtime)
    #expect(configuration.backlight?.setting == .cycle && configuration.backlight?.cycleSeconds == 300)
    #expect(configuration.backlight?.night == .follow && configuration.backlight?.brightness == 1)
    #expect(configuration.presence?.line == 4 && configuration.presence?.offAfterSeconds == 600)
    let planner = try configuration.planner(for: try Fixtures.board())
    #expect(planner.rotation.cycle == 60)
  }

  /// Topic faces are checked when the clock is planned: each topic once, and a date face to
  /// show while a topic has no fresh value; the message names the place.
  @Test(arguments: [
    (
      "faces:\n  - HH:mm\n  - topic: a\n  - topic: a\n",
      "nixie.yaml:4:12: topic 'a' is shown by another face (first at "
    ),
    ("faces:\n  - topic: a\n", "nixie.yaml:2:12: faces that show a topic need a date face beside them"),
  ])
  func topicFacesAreCheckedWhenPlanned(_ yaml: String, _ expected: String) throws {
    let configuration = try Self.parse(yaml)
    #expect {
      _ = try configuration.planner(for: try Fixtures.board())
    } throws: { error in
      (error as? NixieError).map { $0.kind == .badConfiguration && $0.message.contains(expected) } == true
    }
  }

  @Test func aTopicFaceTakesTheTurnAfterItsDateFace() throws {
    let configuration = try Self.parse(
      "faces:\n  - topic: t/1\n    seconds: 5\n  - HH:mm:ss\n  - topic: t/2\n  - dd.MM.yy\n")
    let planner = try configuration.planner(for: try Fixtures.board())
    let turns = planner.rotation.turns
    #expect(turns.map { $0.topic?.topic } == ["t/1", nil, "t/2", nil])
    // Each topic face falls back to the date face before it; the first to the last.
    #expect(turns.map(\.face.pattern.text) == ["dd.MM.yy", "HH:mm:ss", "HH:mm:ss", "dd.MM.yy"])
    #expect(turns.map(\.seconds) == [5, 10, 10, 10])
  }

  /// `mode` alone keeps the default runs; with `long` alone there is no short run (as before).
  @Test(
    arguments: [
      ("anti-poisoning:\n  mode: even\n", AntiPoisoningMode.even, 60, nil),
      ("anti-poisoning:\n  mode: aimed\n  step-ms: 50\n", .aimed, 60, nil),
      ("anti-poisoning:\n  long:\n    at: \"03:00\"\n", .aimed, nil, 10),
      ("anti-poisoning:\n  mode: even\n  long:\n    at: \"03:00\"\n", .even, nil, 10),
    ] as [(String, AntiPoisoningMode, Int?, Int?)])
  func theAntiPoisoningModeAndItsRuns(_ yaml: String, _ mode: AntiPoisoningMode, _ every: Int?, _ long: Int?)
    throws
  {
    let schedule = try Self.parse(yaml).antiPoisoning
    #expect(schedule.mode == mode)
    // Unwrapped first: an optional integer inside #expect upsets Swift 6.0.3 and ASan.
    let (shortEvery, longMinutes) = (schedule.short?.everyMinutes ?? 0, schedule.long?.minutes ?? 0)
    #expect(shortEvery == every ?? 0)
    #expect(longMinutes == long ?? 0)
  }

  @Test func anEmptyFileMeansEveryDefault() throws {
    let configuration = try Self.parse("# nothing here\n")
    #expect(configuration.faces.isEmpty)
    #expect(configuration.indicator == .blink)
    #expect(configuration.control.socket == nil && configuration.control.group == nil)
    #expect(configuration.antiPoisoning.short?.everyMinutes == 60)
    #expect(configuration.antiPoisoning.mode == .aimed)
    #expect(configuration.transition == .crossfade)
    #expect(configuration.motion == ClockMotion())
  }

  @Test func theTransitionAndKnobSectionsTakeEveryOption() throws {
    let configuration = try Self.parse(
      """
      transition:
        style: slot
        fade-ms: 800
        curve: linear
      knob:
        turn: none
        press: none
        long-press: none
        long-press-ms: 2000
        momentum: true
      """)
    #expect(configuration.transition == .slot)
    #expect(configuration.motion == ClockMotion(fade: 800_000_000, curve: .linear))
    #expect(configuration.knob.turn == .none && configuration.knob.press == .none)
    #expect(configuration.knob.longPress == .none && configuration.knob.longPressMilliseconds == 2000)
    #expect(configuration.knob.momentum)
  }

  /// Values of 100 000 characters where nixie.yaml wants a word: a zone, a face, a choice, a
  /// colour, a time. A property, not a literal in `@Test(arguments:)` (Swift 6.0.3).
  static let hugeValues: [String] = {
    let huge = String(repeating: "Q", count: 100_000)
    return [
      "timezone: \(huge)\n", "faces:\n  - \"\(huge)\"\n", "transition: \(huge)\n", "backlight: \(huge)\n",
      "night:\n  from: \"\(huge)\"\n  until: \"06:00\"\n",
    ]
  }()

  /// The message quotes at most 80 characters of it, with an ellipsis and its whole length,
  /// not the whole value again on every reload.
  @Test(arguments: hugeValues)
  func aHugeValueIsQuotedCutShort(_ yaml: String) throws {
    let board = try BoardCatalog.load(.builtIn("hv5622-6xin14"))
    var message = ""
    do {
      _ = try Self.parse(yaml).planner(for: board)
      Issue.record("accepted")
    } catch {
      message = "\(error)"
    }
    #expect(message.utf8.count < 500, "\(message.utf8.count) bytes: \(message.prefix(300))")
    #expect(
      message.contains("'" + String(repeating: "Q", count: 80) + "…' (100000 characters)"),
      "\(message.prefix(300))")
  }

  /// (file text, the `line:column: message` part expected). As for board profiles, a
  /// problem with a value points at its key.
  @Test(arguments: [
    ("facez: []\n", ":1:1: unknown key 'facez' at the top level (did you mean 'faces'?)"),
    ("backend: quantum\n", ":1:1: backend must be one of sim, hardware"),
    ("faces: []\n", ":1:1: faces must list at least one face"),
    ("faces:\n  - seconds: 5\n", ":2:5: missing key 'format' in faces[0]"),
    ("faces:\n  - format: HH\n    seconds: 0\n", ":3:5: faces[0].seconds must be between 1 and 86400"),
    ("brightness: 150\n", ":1:1: brightness must be between 1 and 100"),
    ("night:\n  from: \"22:00\"\n  until: \"25:00\"\n", ":3:3: night.until must be a local time"),
    ("night:\n  from: \"22:00\"\n  until: \"22:00\"\n", ":3:3: night.until must differ"),
    (
      "night:\n  from: \"22:00\"\n  until: \"06:00\"\n  mode: dark\n  brightness: 5\n",
      ":5:3: night.brightness is for mode dim"
    ),
    ("night:\n  from: \"22:00\"\n", ":1:1: missing key 'until' in night"),
    (
      "anti-poisoning:\n  short:\n    every-minutes: 7\n",
      ":3:5: anti-poisoning.short.every-minutes must divide a day"
    ),
    (
      "anti-poisoning:\n  short:\n    offset: \"61:00\"\n",
      ":3:5: anti-poisoning.short.offset 61:00 is not inside"
    ),
    ("anti-poisoning:\n  long:\n    minutes: 5\n", ":2:3: missing key 'at' in anti-poisoning.long"),
    ("anti-poisoning:\n  mode: random\n", ":2:3: anti-poisoning.mode must be even or aimed, not 'random'"),
    ("unsynchronised: flash\n", ":1:1: unsynchronised must be one of blink, dark, none"),
    ("control:\n  socket: relative.sock\n", ":2:3: control.socket must be an absolute path"),
    ("control:\n  max-clients: 0\n", ":2:3: control.max-clients must be between 1 and 256"),
    ("knob:\n  turn: volume\n", ":2:3: knob.turn must be one of brightness, none"),
    ("transition: wobble\n", ":1:1: transition must be one of none, crossfade, fade, slot"),
    ("transition:\n  fade-ms: 60001\n", ":2:3: transition.fade-ms must be between 0 and 60000"),
    ("transition:\n  curve: cubic\n", ":2:3: transition.curve must be one of linear, perceptual"),
    ("knob:\n  press: twice\n", ":2:3: knob.press must be one of next-face, none"),
    ("knob:\n  long-press: reboot\n", ":2:3: knob.long-press must be one of night, none"),
    ("knob:\n  long-press-ms: 50\n", ":2:3: knob.long-press-ms must be between 200 and 10000"),
    ("knob:\n  momentum: sometimes\n", ":2:3: knob.momentum"),
    ("knob:\n  spin: fast\n", ":2:3: unknown key 'spin' in knob"),
    ("faces: [\n", ":2:1: YAML syntax"),
    ("faces:\n  - topic: home/+/t\n", ":2:5: faces[0].topic: a face's topic names one topic: no wildcards"),
    ("faces:\n  - topic: \"\"\n", ":2:5: faces[0].topic: a topic must not be empty"),
    ("faces:\n  - topic: a\n    format: HH\n", ":3:5: unknown key 'format' in faces[0]"),
    ("faces:\n  - topic: a\n    decimals: 21\n", ":3:5: faces[0].decimals must be between 0 and 20"),
    (
      "faces:\n  - topic: a\n    stale-seconds: 0\n",
      ":3:5: faces[0].stale-seconds must be between 1 and 604800"
    ),
    ("faces:\n  - topic: a\n    group-digits: 3\n", ":3:5: faces[0].group-digits"),
    ("faces:\n  - decimals: 1\n", ":2:5: unknown key 'decimals' in faces[0]; allowed: format, seconds"),
    ("show-seconds: 0\n", ":1:1: show-seconds must be between 1 and 3600"),
    ("board: a\nboard: b\n", "duplicate key 'board'"),
  ])
  func everyMistakeIsReportedWithItsLine(_ yaml: String, _ expected: String) {
    #expect {
      _ = try Self.parse(yaml)
    } throws: { error in
      (error as? YAMLFileError).map {
        "\($0)".contains("nixie.yaml" + expected) || ("\($0)".contains(expected) && expected.first != ":")
      } == true
    }
  }

  @Test(arguments: [
    ("timezone: Europe/Berlun\n", ":1:11: unknown time zone 'Europe/Berlun': did you mean Europe/Berlin?"),
    (
      "timezone: Mars/Olympus\n",
      ":1:11: unknown time zone 'Mars/Olympus' (an IANA name such as Europe/Berlin"
    ),
    ("timezone: ../../etc/passwd\n", ":1:11: unknown time zone '../../etc/passwd'"),
    ("timezone: \"Europe/\\e[2J\"\n", ":1:11: unknown time zone 'Europe/\\u{1B}[2J'"),
  ])
  func anUnknownZoneIsAnErrorAtItsPlaceWithASuggestion(_ yaml: String, _ expected: String) throws {
    let configuration = try Self.parse(yaml)
    #expect {
      _ = try configuration.planner(for: try Fixtures.board())
    } throws: { error in
      (error as? NixieError).map { $0.kind == .badConfiguration && "\($0)".contains("nixie.yaml" + expected) }
        == true
    }
  }

  @Test func aFaceTheBoardCannotShowIsAnErrorAtItsLine() throws {
    let configuration = try Self.parse("faces:\n  - format: \"HH:mm:ss\"\n  - format: \"HH-mm\"\n")
    #expect {
      _ = try configuration.planner(for: try Fixtures.board())
    } throws: { error in
      "\(error)".contains("nixie.yaml:3:13: format 'HH-mm'")
    }
  }
}
