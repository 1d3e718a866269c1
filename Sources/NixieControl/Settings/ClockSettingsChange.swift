import NixieAlarms
import NixieText
import NixieTime
import NixieTransitions

/// Settings changed over the control socket (`nixie web`'s page): each one kept as it is, set,
/// or reset to what the configuration file says. Values are checked for their type and range
/// here; whether the board can show a face and whether a zone exists is checked when the
/// clock plans them, before anything is saved.
public struct ClockSettingsChange: Hashable, Sendable {
  /// What happens to one setting.
  public enum Edit<Value: Hashable & Sendable>: Hashable, Sendable {
    case keep
    case set(Value)
    /// Back to the configuration file's value (the override is removed).
    case reset
  }

  /// A face of the rotation: its date pattern, or the topic whose value it shows, and how long
  /// it shows (`SettingRanges.faceSeconds`).
  public struct Face: Hashable, Sendable {
    /// The date pattern; empty for a face that shows a topic's value.
    public var format: String
    public var seconds: Int
    /// The value it shows instead of the time, or nil for a date face.
    public var topic: TopicFace?

    public init(format: String, seconds: Int) {
      self.format = format
      self.seconds = seconds
    }

    /// A face showing the value of `topic`.
    public init(topic: TopicFace, seconds: Int) {
      self.format = ""
      self.seconds = seconds
      self.topic = topic
    }

    /// The face as a JSON object: `{"format": P, "seconds": S}` or the topic's object.
    public var json: String {
      if let topic { return topic.json(seconds: seconds) }
      return JSONText.object([("format", JSONText.quoted(format)), ("seconds", String(seconds))])
    }
  }

  /// Night hours, or none.
  public enum Night: Hashable, Sendable {
    case off
    case hours(NightMode)
  }

  public var timeZone: Edit<String> = .keep
  public var faces: Edit<[Face]> = .keep
  /// The day's brightness in percent (`SettingRanges.brightnessPercent`).
  public var brightness: Edit<Int> = .keep
  /// Night hours, or `.off` for none.
  public var night: Edit<Night> = .keep
  /// The backlight's setting (`BacklightSetting`: `#rrggbb`, a name, `off`, `cycle`),
  /// lowercased, on boards that have one.
  public var backlight: Edit<String> = .keep
  /// How long a fade takes, in milliseconds (`SettingRanges.fadeMilliseconds`): nixie.yaml's
  /// `transition.fade-ms`.
  public var fadeMilliseconds: Edit<Int> = .keep
  /// How long a value shown over the control socket stays when its request names no seconds
  /// (`SettingRanges.showSeconds`).
  public var showSeconds: Edit<Int> = .keep
  /// The alarms, the whole list at once (`[]`: none), as nixie.yaml's `alarms:` lists them.
  public var alarms: Edit<[Alarm]> = .keep

  public init() {}

  /// The most faces a rotation may have.
  public static let maximumFaces = 8
  /// The keys of a `set` object.
  public static let keys = [
    "alarms", "backlight", "brightness", "faces", "fade-ms", "night", "show-seconds", "timezone",
  ]

  /// Whether nothing changes.
  public var isEmpty: Bool { self == ClockSettingsChange() }

  /// This change, then `later`: each setting as the later one leaves it (`later`'s edit where it
  /// makes one, else this one's). Applying the result is applying both in turn.
  public func then(_ later: ClockSettingsChange) -> ClockSettingsChange {
    func newer<Value>(_ first: Edit<Value>, _ second: Edit<Value>) -> Edit<Value> {
      second == .keep ? first : second
    }
    var result = later
    result.timeZone = newer(timeZone, later.timeZone)
    result.faces = newer(faces, later.faces)
    result.brightness = newer(brightness, later.brightness)
    result.night = newer(night, later.night)
    result.backlight = newer(backlight, later.backlight)
    result.fadeMilliseconds = newer(fadeMilliseconds, later.fadeMilliseconds)
    result.showSeconds = newer(showSeconds, later.showSeconds)
    result.alarms = newer(alarms, later.alarms)
    return result
  }

  /// The keys this change sets or resets, in `keys` order.
  public var touchedKeys: [String] {
    [
      ("alarms", alarms == .keep), ("backlight", backlight == .keep), ("brightness", brightness == .keep),
      ("faces", faces == .keep),
      ("fade-ms", fadeMilliseconds == .keep), ("night", night == .keep),
      ("show-seconds", showSeconds == .keep),
      ("timezone", timeZone == .keep),
    ].filter { !$0.1 }.map(\.0)
  }

  /// The change as the JSON object of a `set` request.
  public var json: String {
    var members: [(String, String)] = []
    func add<Value>(_ key: String, _ edit: Edit<Value>, _ write: (Value) -> String) {
      switch edit {
      case .keep: break
      case .reset: members.append((key, "null"))
      case .set(let value): members.append((key, write(value)))
      }
    }
    add("timezone", timeZone, JSONText.quoted)
    add("faces", faces) { faces in JSONText.array(json: faces.map(\.json)) }
    add("brightness", brightness) { String($0) }
    add("night", night) { night in
      switch night {
      case .off: return JSONText.quoted("off")
      case .hours(let mode):
        var fields = [
          ("from", JSONText.quoted(mode.from.description)),
          ("until", JSONText.quoted(mode.until.description)),
          ("mode", JSONText.quoted(mode.mode.rawValue)),
        ]
        if mode.mode == .dim { fields.append(("brightness", String(Int((mode.brightness * 100).rounded())))) }
        return JSONText.object(fields)
      }
    }
    add("backlight", backlight, JSONText.quoted)
    add("fade-ms", fadeMilliseconds) { String($0) }
    add("show-seconds", showSeconds) { String($0) }
    add("alarms", alarms) { alarms in JSONText.array(json: alarms.map(Self.json(alarm:))) }
    return JSONText.object(members)
  }

  /// The ranges the messages below name (their home is `SettingRanges`).
  private static let percent = SettingRanges.brightnessPercent
  private static let faceSeconds = SettingRanges.faceSeconds

  /// What each member must be, for the error replies.
  static let expectation = [
    "timezone": "'set.timezone' must be an IANA zone name such as \"Europe/Berlin\", or null",
    "faces": "'set.faces' must be a list of 1 to \(maximumFaces) faces, each a pattern,"
      + " {\"format\": PATTERN, \"seconds\": \(faceSeconds.lowerBound)…\(faceSeconds.upperBound)} or"
      + " {\"topic\": TOPIC, \"seconds\": …, \"decimals\": \(TopicFace.decimalsRange.lowerBound)…"
      + "\(TopicFace.decimalsRange.upperBound), \"stale_seconds\": \(TopicFace.staleSecondsRange.lowerBound)…"
      + "\(TopicFace.staleSecondsRange.upperBound), \"group_digits\": true or false}, or null",
    "brightness":
      "'set.brightness' must be a whole number of percent from \(percent.lowerBound) to \(percent.upperBound),"
      + " or null",
    "night": "'set.night' must be \"off\", {\"from\": \"HH:MM\", \"until\": \"HH:MM\", \"mode\": \"dim\" or"
      + " \"dark\", \"brightness\": \(percent.lowerBound)…\(percent.upperBound)}, or null",
    "backlight": "'set.backlight' must be a colour \"#rrggbb\", a colour name ("
      + BacklightSetting.names.map(\.name).joined(separator: ", ") + "), \"off\", \"cycle\", or null",
    "fade-ms": "'set.fade-ms' must be a whole number of milliseconds from"
      + " \(SettingRanges.fadeMilliseconds.lowerBound) to \(SettingRanges.fadeMilliseconds.upperBound), or null",
    "alarms": "'set.alarms' must be a list of at most \(SettingRanges.mostAlarms) alarms, each"
      + " {\"at\": \"HH:MM\", \"days\": [\"mon\", …], \"tune\": NAME or RTTTL, \"snooze_s\": \(SettingRanges.alarmSnoozeSeconds.lowerBound)…"
      + "\(SettingRanges.alarmSnoozeSeconds.upperBound), \"ring_for_s\": \(SettingRanges.alarmRingForSeconds.lowerBound)…"
      + "\(SettingRanges.alarmRingForSeconds.upperBound), \"enabled\": true or false} (all but \"at\" optional), or null",
    "show-seconds": "'set.show-seconds' must be a whole number of seconds from"
      + " \(SettingRanges.showSeconds.lowerBound) to \(SettingRanges.showSeconds.upperBound), or null",
  ]

  /// Reads the object of a `set` request; strictly typed, unknown keys refused.
  public static func parse(_ value: JSONValue) -> Result<ClockSettingsChange, ControlRequestError> {
    let members: [(key: String, value: JSONValue)]
    switch object(
      value, allowed: keys, noun: "setting", example: "'set' must be an object such as {\"brightness\": 40}")
    {
    case .success(let found): members = found
    case .failure(let error): return .failure(error)
    }
    guard !members.isEmpty else { return .failure(ControlRequestError("'set' names no setting")) }
    var change = ClockSettingsChange()
    func failure(_ key: String) -> Result<ClockSettingsChange, ControlRequestError> {
      .failure(ControlRequestError(expectation[key] ?? key))
    }
    for (key, member) in members {
      let reset = member == .null
      switch key {
      case "timezone":
        if reset { change.timeZone = .reset; continue }
        guard case .string(let name) = member, !name.isEmpty, name.utf8.count <= 64,
          !name.unicodeScalars.contains(where: Printable.needsEscape)
        else { return failure(key) }
        change.timeZone = .set(name)
      case "faces":
        if reset { change.faces = .reset; continue }
        guard let faces = parseFaces(member) else { return failure(key) }
        change.faces = .set(faces)
      case "brightness":
        guard let edit = wholeNumberEdit(member, in: SettingRanges.brightnessPercent) else {
          return failure(key)
        }
        change.brightness = edit
      case "night":
        if reset { change.night = .reset; continue }
        switch parseNight(member) {
        case .success(let night): change.night = .set(night)
        case .failure(let error): return .failure(error)
        }
      case "fade-ms":
        guard let edit = wholeNumberEdit(member, in: SettingRanges.fadeMilliseconds) else {
          return failure(key)
        }
        change.fadeMilliseconds = edit
      case "show-seconds":
        guard let edit = wholeNumberEdit(member, in: SettingRanges.showSeconds) else { return failure(key) }
        change.showSeconds = edit
      case "alarms":
        if reset { change.alarms = .reset; continue }
        switch parseAlarms(member) {
        case .success(let alarms): change.alarms = .set(alarms)
        case .failure(let error): return .failure(error)
        }
      default:
        if reset { change.backlight = .reset; continue }
        guard case .string(let text) = member, isBacklight(text) else { return failure(key) }
        change.backlight = .set(text.lowercased())
      }
    }
    return .success(change)
  }

  /// The members of `value`, an object whose keys are all `allowed`; else `notAnObject`, or
  /// `unknown NOUN 'KEY'; NOUNs: …` for the first key it does not take.
  static func object(_ value: JSONValue, allowed: [String], noun: String, example notAnObject: String)
    -> Result<[(key: String, value: JSONValue)], ControlRequestError>
  {
    guard case .object(let members) = value else { return .failure(ControlRequestError(notAnObject)) }
    if let unknown = members.map(\.key).first(where: { !allowed.contains($0) }) {
      return .failure(
        ControlRequestError(
          "unknown \(noun) '\(Printable.escaped(unknown))'; \(noun)s: " + allowed.joined(separator: ", ")))
    }
    return .success(members)
  }

  /// A setting that is a whole number in `range`: reset by `null`, else set; nil for anything
  /// else.
  private static func wholeNumberEdit(_ value: JSONValue, in range: ClosedRange<Int>) -> Edit<Int>? {
    if value == .null { return .reset }
    guard let number = wholeNumber(value), range.contains(number) else { return nil }
    return .set(number)
  }

  /// A JSON number that is a whole number (`40`, not `40.5` or `"40"`).
  static func wholeNumber(_ value: JSONValue) -> Int? {
    guard let number = value.double, number.rounded() == number, abs(number) < 1e9 else { return nil }
    return Int(number)
  }

  private static func parseFaces(_ value: JSONValue) -> [Face]? {
    guard case .array(let items) = value, (1...maximumFaces).contains(items.count) else { return nil }
    var faces: [Face] = []
    for (index, item) in items.enumerated() {
      let format: String
      var seconds = SettingRanges.defaultFaceSeconds(at: index)
      switch item {
      case .string(let text):
        format = text
      case .object(let members) where item["topic"] != nil:
        guard let face = parseTopicFace(members, default: seconds) else { return nil }
        faces.append(face)
        continue
      case .object(let members):
        guard members.allSatisfy({ ["format", "seconds"].contains($0.key) }),
          case .string(let text)? = item["format"]
        else { return nil }
        format = text
        if let given = item["seconds"] {
          guard let value = wholeNumber(given), SettingRanges.faceSeconds.contains(value)
          else { return nil }
          seconds = value
        }
      default:
        return nil
      }
      guard !format.isEmpty, format.utf8.count <= 64,
        !format.unicodeScalars.contains(where: Printable.needsEscape)
      else { return nil }
      faces.append(Face(format: format, seconds: seconds))
    }
    return faces
  }

  /// `{"topic": T, "seconds": S, "decimals": D, "stale_seconds": N, "group_digits": B}`, all but
  /// `topic` optional.
  private static func parseTopicFace(_ members: [(key: String, value: JSONValue)], default seconds: Int)
    -> Face?
  {
    let value = JSONValue.object(members)
    guard
      members.allSatisfy({
        ["topic", "seconds", "decimals", "stale_seconds", "group_digits"].contains($0.key)
      }),
      case .string(let topic)? = value["topic"], TopicFace.problem(topic: topic) == nil
    else { return nil }
    var face = TopicFace(topic: topic)
    var shown = seconds
    if let given = value["seconds"] {
      guard let number = wholeNumber(given), SettingRanges.faceSeconds.contains(number) else { return nil }
      shown = number
    }
    if let given = value["decimals"] {
      guard let number = wholeNumber(given), TopicFace.decimalsRange.contains(number) else { return nil }
      face.decimals = number
    }
    if let given = value["stale_seconds"] {
      guard let number = wholeNumber(given), TopicFace.staleSecondsRange.contains(number) else { return nil }
      face.staleSeconds = number
    }
    if let given = value["group_digits"] {
      guard case .bool(let flag) = given else { return nil }
      face.groupDigits = flag
    }
    return Face(topic: face, seconds: shown)
  }

  private static func parseNight(_ value: JSONValue) -> Result<Night, ControlRequestError> {
    let failure = Result<Night, ControlRequestError>.failure(
      ControlRequestError(expectation["night"] ?? "night"))
    if value == .string("off") || value == .bool(false) { return .success(.off) }
    guard case .object(let members) = value,
      members.allSatisfy({ ["from", "until", "mode", "brightness"].contains($0.key) }),
      case .string(let fromText)? = value["from"], case .string(let untilText)? = value["until"]
    else { return failure }
    guard let from = TimeOfDay(fromText), let until = TimeOfDay(untilText) else {
      return .failure(ControlRequestError("'set.night.from' and 'set.night.until' must be local times HH:MM"))
    }
    var mode = NightMode.Mode.dim
    if let given = value["mode"] {
      guard case .string(let name) = given, let named = NightMode.Mode(rawValue: name) else { return failure }
      mode = named
    }
    var brightness: Int?
    if let given = value["brightness"] {
      guard let percent = wholeNumber(given) else { return failure }
      brightness = percent
    }
    switch NightMode.checked(from: from, until: until, mode: mode, brightnessPercent: brightness) {
    case .success(let night): return .success(.hours(night))
    case .failure(.noLength):
      return .failure(ControlRequestError("'set.night.until' must differ from 'from'"))
    case .failure(.brightnessWhenDark), .failure(.brightnessOutOfRange): return failure
    }
  }

  /// A backlight setting as nixie.yaml writes it (`BacklightSetting`).
  static func isBacklight(_ text: String) -> Bool { BacklightSetting(text) != nil }
}
