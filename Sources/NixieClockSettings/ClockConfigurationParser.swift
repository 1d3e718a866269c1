import NixieBoards
import NixieControl
import NixieSystem
import NixieText
import NixieTime
import NixieTransitions
import NixieYAMLFiles

/// Reads `nixie.yaml` (the format of `systemd/nixie.yaml.example`) and checks every value,
/// reporting a mistake with its file, line and column (exit 65).
struct ClockConfigurationParser {
  let file: String

  /// Parses the UTF-8 text of a configuration file.
  func parse(bytes: [UInt8]) throws(YAMLFileError) -> ClockConfiguration {
    var configuration = ClockConfiguration()
    configuration.file = file
    // An empty file (or one of comments only) means every default.
    guard let root = try ProfileNode.root(bytes: bytes, file: file) else { return configuration }
    let top = try root.fields(allowed: [
      "board", "backend", "timezone", "faces", "transition", "brightness", "night", "anti-poisoning",
      "unsynchronised", "control", "knob", "realtime", "backlight", "presence", "show-seconds", "alarms",
      "chime", "countdown",
    ])
    if let board = top["board"] {
      configuration.board = try nonEmpty(board)
      configuration.boardOrigin = origin(of: board)
    }
    if let backend = top["backend"] {
      configuration.backend = try choice(backend, ["sim", "hardware"])
    }
    if let zone = top["timezone"] {
      // Whether the zone exists is checked with the zone database when the clock is planned.
      configuration.timeZone = try nonEmpty(zone)
      configuration.timeZoneOrigin = origin(of: zone)
    }
    if let faces = top["faces"] { configuration.faces = try parseFaces(faces) }
    if let transition = top["transition"] { try parseTransition(transition, into: &configuration) }
    if let brightness = top["brightness"] { try parseBrightness(brightness, into: &configuration) }
    if let night = top["night"] { configuration.night = try parseNight(night) }
    if let schedule = top["anti-poisoning"] {
      configuration.antiPoisoning = try parseAntiPoisoning(schedule, defaults: configuration.antiPoisoning)
    }
    if let indicator = top["unsynchronised"] {
      configuration.indicator = UnsynchronisedIndicator(
        rawValue: try choice(indicator, UnsynchronisedIndicator.allCases.map(\.rawValue)))!
    }
    if let control = top["control"] { configuration.control = try parseControl(control) }
    if let knob = top["knob"] { configuration.knob = try parseKnob(knob) }
    if let realtime = top["realtime"] { configuration.realtime = try realtime.bool() }
    if let backlight = top["backlight"] { configuration.backlight = try parseBacklight(backlight) }
    if let presence = top["presence"] { configuration.presence = try parsePresence(presence) }
    if let seconds = top["show-seconds"] {
      configuration.showSeconds = try seconds.int(in: SettingRanges.showSeconds)
    }
    try parseAlarmSettings(top, into: &configuration)
    return configuration
  }

  func origin(of node: ProfileNode) -> ClockConfiguration.Origin {
    ClockConfiguration.Origin(file: file, line: node.valueLine, column: node.valueColumn)
  }

  func nonEmpty(_ node: ProfileNode) throws(YAMLFileError) -> String {
    let text = try node.string()
    guard !text.isEmpty else { throw node.error("\(node.path) must not be empty") }
    return text
  }

  func choice(_ node: ProfileNode, _ choices: [String]) throws(YAMLFileError) -> String {
    let text = try node.string()
    guard choices.contains(text) else {
      throw node.error(
        "\(node.path) must be one of \(choices.joined(separator: ", ")), not \(Printable.quoted(text))")
    }
    return text
  }

  func timeOfDay(_ node: ProfileNode) throws(YAMLFileError) -> TimeOfDay {
    let text = try node.string()
    guard let time = TimeOfDay(text) else {
      throw node.error(
        "\(node.path) must be a local time HH:MM or HH:MM:SS (in quotes), not \(Printable.quoted(text))")
    }
    return time
  }

  /// A duration (`DurationText`: `90s`, `9m`, `1h30m`, or a number of seconds) within `range`.
  func duration(_ node: ProfileNode, in range: ClosedRange<Int>) throws(YAMLFileError) -> Int {
    let text = try node.string()
    guard let seconds = DurationText.seconds(text), range.contains(seconds) else {
      throw node.error(
        "\(node.path) must be a duration from \(DurationText.text(range.lowerBound)) to"
          + " \(DurationText.text(range.upperBound)), such as 90s, 9m or 1h30m, not \(Printable.quoted(text))"
      )
    }
    return seconds
  }

  /// `off` (or `false`) for a section that is switched off.
  func isOff(_ node: ProfileNode) -> Bool {
    guard let text = node.text else { return false }
    return ["off", "false", "no", "none"].contains(text.lowercased())
  }

  func parseFaces(_ node: ProfileNode) throws(YAMLFileError) -> [ClockConfiguration.Face] {
    let items = try node.sequence()
    guard !items.isEmpty else { throw node.error("faces must list at least one face") }
    var faces: [ClockConfiguration.Face] = []
    for (index, item) in items.enumerated() {
      let seconds = SettingRanges.defaultFaceSeconds(at: index)
      if item.text != nil {
        faces.append(.init(format: try nonEmpty(item), seconds: seconds, origin: origin(of: item)))
        continue
      }
      let keys = try item.mapping(allowed: ["format", "seconds"] + Self.topicFaceKeys).map(\.key)
      if keys.contains("topic") {
        faces.append(try parseTopicFace(item, seconds: seconds))
        continue
      }
      let fields = try item.fields(allowed: ["format", "seconds"], required: ["format"])
      let format = fields["format"]!
      faces.append(
        .init(
          format: try nonEmpty(format),
          seconds: try fields["seconds"]?.int(in: SettingRanges.faceSeconds) ?? seconds,
          origin: origin(of: format)))
    }
    return faces
  }

  /// The keys of a face showing a value from the house, besides `seconds`.
  static let topicFaceKeys = ["topic", "decimals", "stale-seconds", "group-digits"]

  /// `topic` (required), `seconds`, `decimals`, `stale-seconds`, `group-digits`: a face showing
  /// a value from the house (`TopicFace`).
  private func parseTopicFace(_ item: ProfileNode, seconds: Int) throws(YAMLFileError)
    -> ClockConfiguration.Face
  {
    let fields = try item.fields(allowed: ["seconds"] + Self.topicFaceKeys, required: ["topic"])
    let node = fields["topic"]!
    let topic = try node.string()
    if let problem = TopicFace.problem(topic: topic) {
      throw node.error("\(node.path): \(problem), not '\(Printable.escaped(topic))'")
    }
    var face = TopicFace(topic: topic)
    if let decimals = fields["decimals"] { face.decimals = try decimals.int(in: TopicFace.decimalsRange) }
    if let stale = fields["stale-seconds"] {
      face.staleSeconds = try stale.int(in: TopicFace.staleSecondsRange)
    }
    if let group = fields["group-digits"] { face.groupDigits = try group.bool() }
    return .init(
      topic: face, seconds: try fields["seconds"]?.int(in: SettingRanges.faceSeconds) ?? seconds,
      origin: origin(of: node))
  }

  private func parseTransition(_ node: ProfileNode, into configuration: inout ClockConfiguration)
    throws(YAMLFileError)
  {
    if node.text != nil {
      configuration.transition = TransitionSpec.Kind(
        rawValue: try choice(node, TransitionSpec.Kind.allCases.map(\.rawValue)))!
      return
    }
    let fields = try node.fields(allowed: ["style", "fade-ms", "curve"])
    if let style = fields["style"] {
      configuration.transition = TransitionSpec.Kind(
        rawValue: try choice(style, TransitionSpec.Kind.allCases.map(\.rawValue)))!
    }
    if let fade = fields["fade-ms"] {
      configuration.fadeMilliseconds = try fade.int(in: SettingRanges.fadeMilliseconds)
    }
    if let curve = fields["curve"] {
      configuration.curve = FadeCurve(rawValue: try choice(curve, FadeCurve.allCases.map(\.rawValue)))!
    }
  }

  func parseNight(_ node: ProfileNode) throws(YAMLFileError) -> NightMode? {
    if isOff(node) { return nil }
    let fields = try node.fields(
      allowed: ["from", "until", "mode", "brightness"], required: ["from", "until"])
    let from = try timeOfDay(fields["from"]!)
    let until = try timeOfDay(fields["until"]!)
    let mode = NightMode.Mode(
      rawValue: try fields["mode"].map { node throws(YAMLFileError) in
        try choice(node, NightMode.Mode.allCases.map(\.rawValue))
      } ?? "dim")!
    // A dim night's brightness is read here, so a number out of range gets the file's words;
    // a dark night's is refused by the rules NightMode checks.
    let given = fields["brightness"]
    let percent = try given.map { node throws(YAMLFileError) in
      mode == .dark ? 0 : try node.int(in: SettingRanges.brightnessPercent)
    }
    switch NightMode.checked(from: from, until: until, mode: mode, brightnessPercent: percent) {
    case .success(let night):
      return night
    case .failure(.noLength):
      throw fields["until"]!.error("night.until must differ from night.from")
    case .failure(.brightnessWhenDark):
      throw given!.error("night.brightness is for mode dim; a dark night has none")
    case .failure(.brightnessOutOfRange):
      let range = SettingRanges.brightnessPercent
      throw given!.error("night.brightness must be between \(range.lowerBound) and \(range.upperBound)")
    }
  }

  /// `backlight: SETTING`, or a mapping with `colour`, `cycle-seconds`, `brightness`, `night`.
  private func parseBacklight(_ node: ProfileNode) throws(YAMLFileError) -> ClockConfiguration.Backlight {
    if node.text != nil { return try backlightSetting(node) }
    let fields = try node.fields(
      allowed: ["colour", "cycle-seconds", "brightness", "night"], required: ["colour"])
    var backlight = try backlightSetting(fields["colour"]!)
    if let seconds = fields["cycle-seconds"] {
      backlight.cycleSeconds = try seconds.int(in: ClockConfiguration.Backlight.cycleSecondsRange)
    }
    if let brightness = fields["brightness"] {
      backlight.brightness = Double(try brightness.int(in: SettingRanges.brightnessPercent)) / 100
    }
    if let night = fields["night"] {
      backlight.night = ClockConfiguration.Backlight.Night(
        rawValue: try choice(night, ClockConfiguration.Backlight.Night.allCases.map(\.rawValue)))!
    }
    return backlight
  }

  /// A colour, a colour name, `off` or `cycle` (YAML's `off` and `false` both mean off).
  func backlightSetting(_ node: ProfileNode) throws(YAMLFileError) -> ClockConfiguration.Backlight {
    let text = try node.string()
    let word = isOff(node) ? "off" : text.lowercased()
    guard let setting = BacklightSetting(word) else {
      let names = BacklightSetting.names.map(\.name).joined(separator: ", ")
      throw node.error(
        "\(node.path) must be a colour \"#rrggbb\" (in quotes), a colour name (\(names)), off or cycle,"
          + " not \(Printable.quoted(text))")
    }
    return ClockConfiguration.Backlight(setting: setting, text: word, origin: origin(of: node))
  }

  /// The section `anti-poisoning`: `off`, or its fields; without `short` and `long` (only
  /// `step-ms` or `mode`) the runs are `defaults`'.
  private func parseAntiPoisoning(_ node: ProfileNode, defaults: AntiPoisoningSchedule)
    throws(YAMLFileError) -> AntiPoisoningSchedule
  {
    if isOff(node) { return .off }
    let fields = try node.fields(allowed: ["short", "long", "step-ms", "mode"])
    var schedule = fields["short"] == nil && fields["long"] == nil ? defaults : AntiPoisoningSchedule()
    if let step = fields["step-ms"] {
      schedule.stepNanoseconds = Int64(try step.int(in: 20...1000)) * 1_000_000
    }
    if let mode = fields["mode"] {
      let text = try mode.string()
      guard let value = AntiPoisoningMode(rawValue: text) else {
        throw mode.error("anti-poisoning.mode must be even or aimed, not \(Printable.quoted(text))")
      }
      schedule.mode = value
    }
    if let short = fields["short"], !isOff(short) {
      let parts = try short.fields(allowed: ["every-minutes", "offset", "seconds"])
      let every = try parts["every-minutes"]?.int(in: 1...1440) ?? 60
      guard 1440 % every == 0 else {
        throw parts["every-minutes"]!.error(
          "anti-poisoning.short.every-minutes must divide a day (1440 minutes): 15, 30, 60, 120…, not \(every)"
        )
      }
      var offset = 30
      if let node = parts["offset"] {
        let text = try node.string()
        let pieces = text.split(separator: ":", omittingEmptySubsequences: false)
        guard pieces.count == 2, let minutes = Int(pieces[0]), let seconds = Int(pieces[1]),
          minutes >= 0, (0..<60).contains(seconds)
        else {
          throw node.error(
            "anti-poisoning.short.offset must be MM:SS into each period, not \(Printable.quoted(text))")
        }
        offset = minutes * 60 + seconds
        guard offset < every * 60 else {
          throw node.error("anti-poisoning.short.offset \(text) is not inside a period of \(every) minutes")
        }
      }
      let seconds = try parts["seconds"]?.int(in: 1...60) ?? 2
      guard seconds <= every * 60 else { throw parts["seconds"]!.error("a run cannot outlast its period") }
      schedule.short = .init(everyMinutes: every, offsetSeconds: offset, seconds: seconds)
    }
    if let long = fields["long"], !isOff(long) {
      let parts = try long.fields(allowed: ["at", "minutes"], required: ["at"])
      schedule.long = .init(
        start: try timeOfDay(parts["at"]!), minutes: try parts["minutes"]?.int(in: 1...240) ?? 10)
    }
    return schedule
  }

  private func parseControl(_ node: ProfileNode) throws(YAMLFileError) -> ClockConfiguration.Control {
    let fields = try node.fields(allowed: [
      "socket", "group", "max-line-bytes", "max-clients", "requests-per-second", "total-requests-per-second",
    ])
    var control = ClockConfiguration.Control()
    if let socket = fields["socket"] {
      let path = try nonEmpty(socket)
      guard path.hasPrefix("/"), UnixSocket.Address(path) != nil else {
        throw socket.error("control.socket must be an absolute path of at most 107 bytes")
      }
      control.socket = path
    }
    if let group = fields["group"] { control.group = try nonEmpty(group) }
    if let bytes = fields["max-line-bytes"] {
      control.limits.maximumLineBytes = try bytes.int(in: 64...65_536)
    }
    if let clients = fields["max-clients"] { control.limits.maximumClients = try clients.int(in: 1...256) }
    if let rate = fields["requests-per-second"] {
      control.limits.requestsPerSecond = Double(try rate.int(in: 1...1000))
    }
    if let rate = fields["total-requests-per-second"] {
      control.limits.totalRequestsPerSecond = Double(try rate.int(in: 1...10_000))
    }
    return control
  }

  private func parseKnob(_ node: ProfileNode) throws(YAMLFileError) -> ClockConfiguration.Knob {
    let fields = try node.fields(allowed: ["turn", "press", "long-press", "long-press-ms", "momentum"])
    var knob = ClockConfiguration.Knob()
    if let turn = fields["turn"] {
      knob.turn = .init(rawValue: try choice(turn, ClockConfiguration.Knob.Turn.allCases.map(\.rawValue)))!
    }
    if let press = fields["press"] {
      knob.press = .init(rawValue: try choice(press, ClockConfiguration.Knob.Press.allCases.map(\.rawValue)))!
    }
    if let long = fields["long-press"] {
      knob.longPress = .init(
        rawValue: try choice(long, ClockConfiguration.Knob.LongPress.allCases.map(\.rawValue)))!
    }
    if let hold = fields["long-press-ms"] { knob.longPressMilliseconds = try hold.int(in: 200...10_000) }
    if let momentum = fields["momentum"] { knob.momentum = try momentum.bool() }
    return knob
  }
}

extension ClockConfigurationParser {
  /// Reads an overrides file: the keys of `ClockOverrides.keys`, each checked as nixie.yaml's.
  func parseOverrides(bytes: [UInt8]) throws(YAMLFileError) -> ClockOverrides {
    var overrides = ClockOverrides()
    guard let root = try ProfileNode.root(bytes: bytes, file: file) else { return overrides }
    // The fade's length is nixie.yaml's `transition.fade-ms`, and written in the same place.
    let top = try root.fields(allowed: ClockOverrides.keys.filter { $0 != "fade-ms" } + ["transition"])
    if let zone = top["timezone"] { overrides.timeZone = try nonEmpty(zone) }
    if let faces = top["faces"] {
      let parsed = try parseFaces(faces)
      guard parsed.count <= ClockSettingsChange.maximumFaces else {
        throw faces.error("faces may list at most \(ClockSettingsChange.maximumFaces) faces here")
      }
      overrides.faces = parsed.map { face in
        if let topic = face.topic { return ClockOverrides.Face(topic: topic, seconds: face.seconds) }
        return ClockOverrides.Face(format: face.format, seconds: face.seconds)
      }
    }
    if let brightness = top["brightness"] {
      overrides.brightness = try brightness.int(in: SettingRanges.brightnessPercent)
    }
    if let night = top["night"] { overrides.night = try parseNight(night).map { .hours($0) } ?? .off }
    if let backlight = top["backlight"] { overrides.backlight = try backlightSetting(backlight).text }
    if let transition = top["transition"] {
      let fields = try transition.fields(allowed: ["fade-ms"], required: ["fade-ms"])
      overrides.fadeMilliseconds = try fields["fade-ms"]!.int(in: SettingRanges.fadeMilliseconds)
    }
    if let seconds = top["show-seconds"] {
      overrides.showSeconds = try seconds.int(in: SettingRanges.showSeconds)
    }
    if let alarms = top["alarms"] { overrides.alarms = try parseAlarms(alarms).map(\.alarm) }
    return overrides
  }
}
