import NixieAlarms
import NixieControl
import NixieText

/// What the bridge needs of the clock's state (the control protocol's `state` object, as a
/// version 3 subscription pushes it): read leniently — a member the clock does not send leaves
/// its default — so a clock a version ahead still works.
public struct ClockState: Hashable, Sendable {
  /// A face of the rotation as the clock reports it.
  public enum Face: Hashable, Sendable {
    case pattern(String)
    case topic(String)
  }

  public var board = "nixie"
  public var brightness = 100
  public var faces: [Face] = []
  public var fadeMilliseconds = 500
  public var showSeconds = 5
  /// Whether it is night now (by the hours or forced).
  public var night = false
  public var displayOn = true
  /// The face shown instead of the rotation, if one is chosen.
  public var chosenFace: Int?
  public var synchronised = true
  /// The value shown over the control socket, while it shows.
  public var message: String?
  /// Seconds since the clock started, when the state was sent.
  public var uptimeSeconds: Int?
  /// The alarms' bell: `silent`, `ringing` or `snoozed`.
  public var alarmBell = "silent"
  /// The bell rings for the countdown timer, not an alarm.
  public var alarmTimer = false
  /// The next alarm's ring, RFC 3339 UTC; nil when none is set to ring.
  public var nextAlarm: String?
  /// The alarms of the clock's settings (`settings.alarms`).
  public var alarms: [Alarm] = []

  public init() {}

  /// The state in `object` (the `state` member of a line), or nil when it is not an object.
  public init?(json object: JSONValue) {
    guard case .object = object else { return nil }
    if case .string(let board)? = object["board"] { self.board = board }
    if let night = object["night"]?.bool { self.night = night }
    if let display = object["display"]?.bool { self.displayOn = display }
    if let face = object["face"]?.whole { self.chosenFace = face }
    if let synchronised = object["synchronised"]?.bool { self.synchronised = synchronised }
    if case .string(let message)? = object["message"] { self.message = message }
    if let uptime = object["uptime_s"]?.whole { self.uptimeSeconds = uptime }
    if let alarm = object["alarm"] {
      if case .string(let bell)? = alarm["bell"] { alarmBell = bell }
      if let timer = alarm["timer"]?.bool { alarmTimer = timer }
      if case .string(let next)? = alarm["next"] { nextAlarm = next }
    }
    guard let settings = object["settings"] else { return }
    if let brightness = settings["brightness"]?.whole { self.brightness = brightness }
    if let fade = settings["fade_ms"]?.whole { self.fadeMilliseconds = fade }
    if let seconds = settings["show_seconds"]?.whole { self.showSeconds = seconds }
    if let alarms = settings["alarms"] { self.alarms = ClockSettingsChange.alarms(reported: alarms) }
    if case .array(let faces)? = settings["faces"] {
      self.faces = faces.compactMap { face in
        if case .string(let topic)? = face["topic"] { return .topic(topic) }
        if case .string(let format)? = face["format"] { return .pattern(format) }
        return nil
      }
    }
  }

  /// Whether the bell rings now.
  var ringing: Bool { alarmBell == "ringing" }

  /// The topics the clock's faces show, each once.
  var topics: [String] {
    var seen: Set<String> = []
    return faces.compactMap { face in
      guard case .topic(let topic) = face, seen.insert(topic).inserted else { return nil }
      return topic
    }
  }

  /// The select's options, as Home Assistant lists them: `All faces in turn`, then each face of
  /// the rotation in words — `Time HH:mm:ss`, `Date dd.MM.yy`, `Value of home/outdoor/temperature`
  /// — a face that reads like one before it marked with its place (`Time HH:mm:ss (face 4)`).
  public var faceOptions: [String] { [Self.rotation] + faceLabels }

  /// The select's option for the rotation.
  public static let rotation = "All faces in turn"

  /// Each face's option.
  private var faceLabels: [String] {
    var seen: Set<String> = [Self.rotation]
    return faces.enumerated().map { index, face in
      var label: String
      switch face {
      case .pattern(let pattern): label = "\(Self.kind(of: pattern)) \(pattern)"
      case .topic(let topic): label = "Value of \(topic)"
      }
      if !seen.insert(label).inserted { label += " (face \(index + 1))" }
      return label
    }
  }

  /// What a pattern shows, by its fields (docs/INTERFACE.md, faces): `Time`, `Date` or both.
  static func kind(of pattern: String) -> String {
    let letters = Set(pattern.filter(\.isLetter))
    let time = !letters.isDisjoint(with: "HhkKms")
    let date = !letters.isDisjoint(with: "dMy")
    switch (time, date) {
    case (true, true): return "Date and time"
    case (false, true): return "Date"
    default: return "Time"
    }
  }

  /// The names nixie 0.3.0 gave the options (`rotation`, a face's pattern or topic, ` (2)` for a
  /// second alike), which automations written then still send.
  private var legacyOptions: [String] {
    var options = ["rotation"]
    for face in faces {
      let base: String
      switch face {
      case .pattern(let pattern): base = pattern
      case .topic(let topic): base = topic
      }
      var name = base
      var count = 1
      while options.contains(name) {
        count += 1
        name = "\(base) (\(count))"
      }
      options.append(name)
    }
    return options
  }

  /// What the option `name` chooses — a face of the rotation (0 is the first), or the rotation
  /// itself (`.some(nil)`) — or nil when it is no option (nor a 0.3.0 name of one).
  public func face(named name: String) -> Int?? {
    for options in [faceOptions, legacyOptions] {
      if let index = options.firstIndex(of: name) { return .some(index == 0 ? nil : index - 1) }
    }
    return nil
  }

  /// The select's state: `All faces in turn`, or the chosen face's option.
  public var faceOption: String {
    let options = faceOptions
    guard let chosenFace, chosenFace + 1 < options.count else { return Self.rotation }
    return options[chosenFace + 1]
  }
}

extension JSONValue {
  /// A JSON boolean's value.
  var bool: Bool? {
    guard case .bool(let value) = self else { return nil }
    return value
  }

  /// A JSON number that is a whole number of reasonable size.
  var whole: Int? {
    guard let number = double, number.rounded() == number, abs(number) < 1e15 else { return nil }
    return Int(number)
  }
}
