import NixieAlarms
import NixieControl
import NixieText
import NixieTime

/// Each alarm of the clock's settings in Home Assistant, named by its number (1 is the first,
/// as the clock's state counts them): its time as a `text` (`HH:MM`) and whether it rings as a
/// `switch`. A command sends the clock the whole list with that one alarm changed (the control
/// socket's `set`), so the change is checked and saved as the web page's are. The numbers
/// above the clock's count get empty configs, which remove the entities of alarms the list no
/// longer has (Home Assistant drops an entity whose retained config is emptied).
extension HomeAssistantDevice {
  /// Alarm `number`'s object ids (its time's text, its switch) and state and command topics'
  /// names.
  static func alarmObjects(_ number: Int) -> (time: String, enabled: String) {
    ("alarm_\(number)_time", "alarm_\(number)")
  }

  static func alarmTopics(_ number: Int) -> (time: String, enabled: String) {
    ("alarm-\(number)-time", "alarm-\(number)")
  }

  /// Alarm `number`'s components and object ids: its time's `text`, its `switch`.
  static func alarmComponents(_ number: Int) -> [(component: String, object: String)] {
    [("text", alarmObjects(number).time), ("switch", alarmObjects(number).enabled)]
  }

  /// The alarms' components and object ids, for as many alarms as a clock keeps.
  static let alarmSettingObjects: [(String, String)] = (1...SettingRanges.mostAlarms).flatMap {
    alarmComponents($0).map { ($0.component, $0.object) }
  }

  /// What a `text` of an alarm's time takes: hours and minutes.
  static let alarmTimePattern = #"^\d{2}:\d{2}$"#

  /// The entities of `alarms`' times and switches.
  func alarmSettingEntities(_ alarms: [Alarm]) -> [Entity] {
    let q = JSONText.quoted
    return alarms.indices.flatMap { index -> [Entity] in
      let number = index + 1
      let (objects, names) = (Self.alarmObjects(number), Self.alarmTopics(number))
      return [
        Entity(
          component: "text", object: objects.time, name: "Alarm \(number) time",
          members: io(names.time) + [
            ("min", "5"), ("max", "5"), ("mode", q("text")), ("pattern", q(Self.alarmTimePattern)),
            ("entity_category", q("config")), ("icon", q("mdi:alarm")),
          ]),
        Entity(
          component: "switch", object: objects.enabled, name: "Alarm \(number)",
          members: io(names.enabled) + [("entity_category", q("config")), ("icon", q("mdi:alarm-check"))]),
      ]
    }
  }

  /// Empty configs for the alarm numbers above `count`: no entities for alarms the clock has not.
  func absentAlarmConfigs(count: Int) -> [(topic: String, payload: String)] {
    guard count < SettingRanges.mostAlarms else { return [] }
    return ((count + 1)...SettingRanges.mostAlarms).flatMap { number -> [(topic: String, payload: String)] in
      Self.alarmComponents(number).map { (topics.config($0.component, $0.object), "") }
    }
  }

  /// The alarms' states: each one's time (`07:30`, seconds left out) and `ON` or `OFF`.
  func alarmSettingStates(_ alarms: [Alarm]) -> [(topic: String, payload: String)] {
    alarms.indices.flatMap { index -> [(topic: String, payload: String)] in
      let names = Self.alarmTopics(index + 1)
      let second = alarms[index].time.secondOfDay
      return [
        (topics.state(names.time), TimeOfDay(secondOfDay: second - second % 60).description),
        (topics.state(names.enabled), alarms[index].enabled ? "ON" : "OFF"),
      ]
    }
  }

  /// The alarms' state topics' names, for `--remove`.
  static let alarmStateNames: [String] = (1...SettingRanges.mostAlarms).flatMap {
    [alarmTopics($0).time, alarmTopics($0).enabled]
  }

  /// The request a command on an alarm's topic `name` asks for with the clock in `state`; nil
  /// when `name` is no alarm's topic.
  static func alarmRequest(name: String, text: String, state: ClockState) -> Result<
    ControlRequest, MQTTError
  >? {
    let parts = name.split(separator: "-", omittingEmptySubsequences: false)
    guard parts.count == 2 || (parts.count == 3 && parts[2] == "time"), parts[0] == "alarm",
      parts[1].allSatisfy(\.isASCII), let number = Int(parts[1]),
      (1...SettingRanges.mostAlarms).contains(number)
    else { return nil }
    guard number <= state.alarms.count else {
      return .failure(MQTTError("this clock has \(state.alarms.count) alarms, not an alarm \(number)"))
    }
    var alarms = state.alarms
    if parts.count == 3 {
      guard text.utf8.count == 5, let time = TimeOfDay(text) else {
        return .failure(MQTTError("an alarm's time is HH:MM, not \(Printable.quoted(text, limit: 64))"))
      }
      alarms[number - 1].time = time
    } else {
      switch text {
      case "ON": alarms[number - 1].enabled = true
      case "OFF": alarms[number - 1].enabled = false
      default: return .failure(MQTTError("expected ON or OFF, not \(Printable.quoted(text, limit: 64))"))
      }
    }
    var change = ClockSettingsChange()
    change.alarms = .set(alarms)
    return .success(.change(change))
  }
}
