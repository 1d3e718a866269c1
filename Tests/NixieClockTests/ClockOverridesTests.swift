import Foundation
import NixieAlarms
import NixieBoards
import NixieClock
import NixieClockSettings
import NixieControl
import NixieCore
import NixieSystem
import NixieTestSupport
import NixieTime
import Testing

/// The overrides file: what the page changes is saved as YAML that reads back the same (with
/// our parser and with PyYAML), mistakes in it are reported with file:line:column, it sits
/// between nixie.yaml and the command line, and a refused change touches nothing.
struct ClockOverridesTests {
  static let night = NightMode(
    from: TimeOfDay(secondOfDay: 22 * 3600 + 1800), until: TimeOfDay(secondOfDay: 6 * 3600), mode: .dim,
    brightness: 0.15)

  static func overrides(_ edit: (inout ClockOverrides) -> Void) -> ClockOverrides {
    var overrides = ClockOverrides()
    edit(&overrides)
    return overrides
  }

  static let examples: [ClockOverrides] = [
    ClockOverrides(),
    overrides { $0.brightness = 40 },
    overrides {
      $0.timeZone = "America/Argentina/Buenos_Aires"; $0.night = .off
    },
    overrides {
      $0.faces = [.init(format: "HH:mm", seconds: 50), .init(format: "dd.MM.yy", seconds: 10)]
      $0.night = .hours(night)
      $0.backlight = "#ff8800"
    },
    overrides { $0.night = .hours(NightMode(from: night.from, until: night.until, mode: .dark)) },
    overrides { $0.faces = [.init(format: "'say \"hi\" \\ é' HH", seconds: 7)] },
    overrides {
      $0.faces = [
        .init(format: "HH:mm", seconds: 55),
        .init(
          topic: TopicFace(topic: "home/outdoor/temperature", decimals: 1, staleSeconds: 600), seconds: 5),
        .init(topic: TopicFace(topic: "solar/power \"now\""), seconds: 10),
        .init(topic: TopicFace(topic: "solar/energy", groupDigits: true), seconds: 5),
      ]
      $0.fadeMilliseconds = 300
      $0.showSeconds = 12
    },
    overrides {
      $0.alarms = [
        Alarm(time: TimeOfDay(secondOfDay: 6 * 3600 + 30 * 60), days: Weekdays(bits: 0b0111110)),
        Alarm(
          time: TimeOfDay(secondOfDay: 9 * 3600), days: Weekdays(bits: 0b1000001),
          tune: "wake:d=4,o=5,b=140:c,e,g,8c6",
          snoozeSeconds: 300, ringForSeconds: 1200, enabled: false),
      ]
    },
    overrides { $0.alarms = [] },
  ]

  /// A folder of its own for one test.
  static func folder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "nixie-overrides-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  @Test(arguments: examples)
  func theFileReadsBackAsWritten(_ overrides: ClockOverrides) throws {
    let text = overrides.yaml
    #expect(try ClockOverrides.parse(bytes: Array(text.utf8), file: "overrides.yaml") == overrides)
    #expect(text.hasPrefix("# Settings changed with nixie web"))
  }

  /// PyYAML (an independent YAML implementation) reads the same values from every example.
  @Test func pyYAMLReadsTheSameValues() throws {
    let python = try #require(ToolProcess.find("python3"), "python3 is needed")
    let script = """
      import json, sys, yaml
      for document in sys.stdin.read().split("\\f"):
          print(json.dumps(yaml.safe_load(document) or {}, sort_keys=True))
      """
    let output = try ToolProcess.run(
      python, ["-c", script], input: Self.examples.map(\.yaml).joined(separator: "\u{0C}"))
    let lines = output.split(separator: "\n").map(String.init)
    try #require(lines.count == Self.examples.count)
    for (overrides, line) in zip(Self.examples, lines) {
      #expect(line == Self.expectedJSON(overrides), "\(overrides.yaml)")
    }
  }

  /// The JSON PyYAML should print for `overrides` (keys sorted, as json.dumps does).
  static func expectedJSON(_ overrides: ClockOverrides) -> String {
    func quoted(_ text: String) -> String {
      var result = "\""
      for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": result += "\\\""
        case "\\": result += "\\\\"
        case let s where s.value > 0x7E: result += String(format: "\\u%04x", s.value)
        default: result.unicodeScalars.append(scalar)
        }
      }
      return result + "\""
    }
    var members: [(String, String)] = []
    if let alarms = overrides.alarms {
      // `alarms: off` is false to YAML 1.1's PyYAML, as it is "none" to nixie.
      let items = alarms.map { alarm in
        "{\"at\": \(quoted(alarm.time.description)), \"days\": [\(alarm.days.names.map(quoted).joined(separator: ", "))],"
          + " \"enabled\": \(alarm.enabled), \"ring-for\": \"\(alarm.ringForSeconds)s\","
          + " \"snooze\": \"\(alarm.snoozeSeconds)s\", \"tune\": \(quoted(alarm.tune))}"
      }
      members.append(("alarms", alarms.isEmpty ? "false" : "[" + items.joined(separator: ", ") + "]"))
    }
    if let backlight = overrides.backlight { members.append(("backlight", quoted(backlight))) }
    if let brightness = overrides.brightness { members.append(("brightness", String(brightness))) }
    if let faces = overrides.faces {
      let items = faces.map { face in
        guard let topic = face.topic else {
          return "{\"format\": \(quoted(face.format)), \"seconds\": \(face.seconds)}"
        }
        let decimals = topic.decimals.map { "\"decimals\": \($0), " } ?? ""
        let group = topic.groupDigits ? "\"group-digits\": true, " : ""
        return "{\(decimals)\(group)\"seconds\": \(face.seconds), \"stale-seconds\": \(topic.staleSeconds),"
          + " \"topic\": \(quoted(topic.topic))}"
      }
      members.append(("faces", "[" + items.joined(separator: ", ") + "]"))
    }
    switch overrides.night {
    case nil: break
    case .off?: members.append(("night", "false"))
    case .hours(let mode)?:
      var fields = [("from", quoted(mode.from.description)), ("mode", quoted(mode.mode.rawValue))]
      if mode.mode == .dim {
        fields.insert(("brightness", String(Int((mode.brightness * 100).rounded()))), at: 0)
      }
      fields.append(("until", quoted(mode.until.description)))
      members.append(("night", "{" + fields.map { "\"\($0.0)\": \($0.1)" }.joined(separator: ", ") + "}"))
    }
    if let seconds = overrides.showSeconds { members.append(("show-seconds", String(seconds))) }
    if let zone = overrides.timeZone { members.append(("timezone", quoted(zone))) }
    if let fade = overrides.fadeMilliseconds { members.append(("transition", "{\"fade-ms\": \(fade)}")) }
    return "{" + members.map { "\"\($0.0)\": \($0.1)" }.joined(separator: ", ") + "}"
  }

  @Test(arguments: [
    ("board: hv5622-6xin14\n", "overrides.yaml:1:1: unknown key 'board'"),
    ("brightness: 0\n", "overrides.yaml:1:1: brightness must be between 1 and 100"),
    ("brightness: loud\n", "overrides.yaml:1:1: brightness must be a whole number"),
    ("timezone: \"\"\n", "overrides.yaml:1:1: timezone must not be empty"),
    ("faces: []\n", "overrides.yaml:1:1: faces must list at least one face"),
    ("night:\n  from: \"22:00\"\n  mode: dim\n", "overrides.yaml:1:1: missing key 'until' in night"),
    ("backlight: reddish\n", "overrides.yaml:1:1: backlight must be a colour \"#rrggbb\""),
    ("brightness: [\n", "overrides.yaml:2:1:"),
  ])
  func aMistakeInTheFileIsReportedWithItsPlace(_ text: String, _ expected: String) {
    do {
      let parsed = try ClockOverrides.parse(bytes: Array(text.utf8), file: "overrides.yaml")
      Issue.record("accepted \(parsed)")
    } catch {
      #expect(error.description.hasPrefix(expected), "\(error.description)")
    }
  }

  /// Settings for a configuration file and an overrides file in `folder`.
  static func settings(_ folder: URL, options edit: (inout ClockOptions) -> Void = { _ in }) throws
    -> ClockSettings
  {
    let config = folder.appendingPathComponent("nixie.yaml")
    try "board: hv5622-6xin14\ntimezone: Europe/Berlin\nbrightness: 90\nfaces:\n  - HH:mm:ss\n".write(
      to: config, atomically: true, encoding: .utf8)
    var options = ClockOptions()
    options.config = config.path
    options.overrides = folder.appendingPathComponent("overrides.yaml").path
    edit(&options)
    return ClockSettings(options: options, environment: { _ in nil })
  }

  @Test func theOverridesWinOverTheFileAndTheCommandLineOverBoth() throws {
    let folder = try Self.folder()
    try "timezone: \"Asia/Tokyo\"\nbrightness: 30\n".write(
      to: folder.appendingPathComponent("overrides.yaml"), atomically: true, encoding: .utf8)
    let fromFiles = try Self.settings(folder).load()
    #expect(fromFiles.timeZone == "Asia/Tokyo")
    #expect(fromFiles.brightness == 0.3)
    #expect(fromFiles.faces.map(\.format) == ["HH:mm:ss"])
    let withOptions = try Self.settings(folder) {
      $0.timeZone = "UTC"; $0.brightness = 0.5
    }.load()
    #expect(withOptions.timeZone == "UTC")
    #expect(withOptions.brightness == 0.5)
  }

  @Test func theStateDirectoryHoldsTheFileUnderSystemd() {
    let settings = ClockSettings(
      options: ClockOptions(),
      environment: { $0 == "STATE_DIRECTORY" ? "/var/lib/nixie:/var/lib/other" : nil })
    #expect(settings.overridesFile == "/var/lib/nixie/overrides.yaml")
    #expect(ClockSettings(options: ClockOptions(), environment: { _ in nil }).overridesFile == nil)
  }

  @Test func aBrokenOverridesFileIsBadConfigurationWithItsPlace() throws {
    let folder = try Self.folder()
    try "brightness: 500\n".write(
      to: folder.appendingPathComponent("overrides.yaml"), atomically: true, encoding: .utf8)
    do {
      _ = try Self.settings(folder).load()
      Issue.record("accepted")
    } catch let error as NixieError {
      #expect(error.kind == .badConfiguration)
      #expect(error.message.contains("overrides.yaml:1:1: brightness must be between 1 and 100, not 500"))
      #expect(error.message.contains("delete it to go back to nixie.yaml alone"))
    }
  }

  /// Monotonic time that moves on 10 s at every look: each change comes long after the one
  /// before, so each is written at once (bursts, written together, have tests of their own).
  static func secondsApart() -> @Sendable () -> UInt64 {
    let time = Locked<UInt64>(0)
    return {
      time.withLock {
        $0 += 10_000_000_000; return $0
      }
    }
  }

  static func editor(
    _ folder: URL, now: @escaping @Sendable () -> UInt64 = secondsApart(),
    options: (inout ClockOptions) -> Void = { _ in }
  ) throws -> (ClockSettingsEditor, ClockInbox) {
    let settings = try Self.settings(folder, options: options)
    let inbox = ClockInbox()
    return (
      ClockSettingsEditor(
        settings: settings, board: try Fixtures.board(), base: try settings.loadBase(),
        overrides: try settings.loadOverrides(), inbox: inbox, now: now),
      inbox
    )
  }

  @Test func anAcceptedChangeIsSavedAtomicallyAndHandedToTheClock() throws {
    let folder = try Self.folder()
    let (editor, inbox) = try Self.editor(folder)
    var change = ClockSettingsChange()
    change.brightness = .set(40)
    change.timeZone = .set("America/New_York")
    let configuration = try editor.apply(change).get()
    #expect(configuration.brightness == 0.4)
    #expect(configuration.timeZone == "America/New_York")
    #expect(inbox.take() == [.reconfigure(configuration)])
    let path = folder.appendingPathComponent("overrides.yaml").path
    let saved = try String(contentsOfFile: path, encoding: .utf8)
    #expect(saved == editor.overrides.yaml)
    #expect(try ClockOverrides.parse(bytes: Array(saved.utf8), file: path) == editor.overrides)
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == [
        "nixie.yaml", "overrides.yaml",
      ])
    var info = stat()
    #expect(stat(path, &info) == 0 && info.st_mode & 0o777 == 0o644)

    var reset = ClockSettingsChange()
    reset.timeZone = .reset
    #expect(try editor.apply(reset).get().timeZone == "Europe/Berlin")
    #expect(editor.overrides == Self.overrides { $0.brightness = 40 })
    #expect(try Self.settings(folder).load().brightness == 0.4)
  }

  static func change(_ edit: (inout ClockSettingsChange) -> Void) -> ClockSettingsChange {
    var change = ClockSettingsChange()
    edit(&change)
    return change
  }

  /// Changes the editor refuses, with what its message must name. A property, not a literal in
  /// `@Test(arguments:)`: closures there crash Swift 6.0.3's compiler.
  static let refusedChanges: [(ClockSettingsChange, String)] = [
    (change { $0.timeZone = .set("Mars/Olympus_Mons") }, "Mars/Olympus_Mons"),
    (change { $0.faces = .set([.init(format: "yyyy-MM-dd HH:mm:ss", seconds: 10)]) }, "yyyy-MM-dd HH:mm:ss"),
    (change { $0.backlight = .set("#ffffff") }, "has no backlight"),
    (
      change {
        $0.alarms = .set([Alarm(time: TimeOfDay(secondOfDay: 7 * 3600), tune: "wake:d=4,o=5,b=140:c,x")])
      },
      "alarms[0].tune: expected a note"
    ),
    (
      change {
        $0.brightness = .set(10); $0.faces = .set([.init(format: "QQQ", seconds: 10)])
      }, "QQQ"
    ),
  ]

  @Test(arguments: refusedChanges)
  func aRefusedChangeTouchesNothing(_ change: ClockSettingsChange, _ named: String) throws {
    let folder = try Self.folder()
    let (editor, inbox) = try Self.editor(folder)
    switch editor.apply(change) {
    case .success: Issue.record("accepted")
    case .failure(let error):
      #expect(error.message.contains(named), "\(error.message)")
      #expect(!error.message.contains("<set>"), "\(error.message)")
    }
    #expect(inbox.take().isEmpty)
    #expect(editor.overrides == ClockOverrides())
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("overrides.yaml").path))
  }

  @Test func aSettingTheCommandLineFixesCannotBeChangedHere() throws {
    let folder = try Self.folder()
    let (editor, inbox) = try Self.editor(folder, options: { $0.brightness = 0.5 })
    guard case .failure(let error) = editor.apply(Self.change { $0.brightness = .set(40) }) else {
      Issue.record("accepted")
      return
    }
    #expect(error.message.contains("brightness is set by --brightness on the clock's command line"))
    #expect(inbox.take().isEmpty)
    #expect(try editor.apply(Self.change { $0.timeZone = .set("UTC") }).get().timeZone == "UTC")
  }

  /// Alarms set over the socket: saved in the overrides file, in force with their tunes read,
  /// listed as overridden; `[]` turns nixie.yaml's alarms off, a reset brings them back.
  @Test func alarmsSetOverTheSocketAreSavedAndInForce() throws {
    let folder = try Self.folder()
    try "board: hv5622-6xin14\ntimezone: Europe/Berlin\nalarms:\n  - at: \"06:00\"\n".write(
      to: folder.appendingPathComponent("nixie.yaml"), atomically: true, encoding: .utf8)
    let settings = ClockSettings(
      options: {
        var options = ClockOptions()
        options.config = folder.appendingPathComponent("nixie.yaml").path
        options.overrides = folder.appendingPathComponent("overrides.yaml").path
        return options
      }(), environment: { _ in nil })
    let inbox = ClockInbox()
    let editor = ClockSettingsEditor(
      settings: settings, board: try Fixtures.board(), base: try settings.loadBase(),
      overrides: try settings.loadOverrides(), inbox: inbox, now: Self.secondsApart())
    let alarm = Alarm(
      time: TimeOfDay(secondOfDay: 7 * 3600 + 15 * 60), days: Weekdays(bits: 0b0111110), tune: "chime",
      snoozeSeconds: 120)
    let configuration = try editor.apply(Self.change { $0.alarms = .set([alarm]) }).get()
    #expect(configuration.alarms.map(\.alarm) == [alarm])
    #expect(configuration.alarms.first?.tune == BuiltInTunes.named("chime"))
    #expect(inbox.take() == [.reconfigure(configuration)])
    let saved = try String(
      contentsOfFile: folder.appendingPathComponent("overrides.yaml").path, encoding: .utf8)
    #expect(saved.contains("alarms:\n  - at: \"07:15\"\n    days: [mon, tue, wed, thu, fri]\n"))
    #expect(try settings.load().alarms.map(\.alarm) == [alarm])
    #expect(editor.overrides.setKeys == ["alarms"])

    #expect(try editor.apply(Self.change { $0.alarms = .set([]) }).get().alarms.isEmpty)
    #expect(try settings.load().alarms.isEmpty)
    let back = try editor.apply(Self.change { $0.alarms = .reset }).get()
    #expect(back.alarms.map(\.alarm) == [Alarm(time: TimeOfDay(secondOfDay: 6 * 3600))])
  }
}
