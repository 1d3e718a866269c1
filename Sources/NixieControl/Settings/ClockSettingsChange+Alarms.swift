import NixieAlarms
import NixieText
import NixieTime

/// The alarms as the control socket speaks them: the `state` answer's `settings.alarms` and a
/// `set` request's `alarms`, one shape both ways, so a client edits what it read and sends it back.
extension ClockSettingsChange {
  /// The members an alarm's object may have; all but `at` optional, with nixie.yaml's defaults.
  public static let alarmMembers = ["at", "days", "tune", "snooze_s", "ring_for_s", "enabled"]

  /// The longest tune a `set` takes, in bytes (a built-in tune's name or RTTTL text).
  public static let longestTune = 1024

  /// `alarm` as a JSON object: `{"at": "07:00", "days": ["mon", "tue"], "tune": "beeps",
  /// "snooze_s": 540, "ring_for_s": 600, "enabled": true}`.
  public static func json(alarm: Alarm) -> String {
    JSONText.object([
      ("at", JSONText.quoted(alarm.time.description)),
      ("days", JSONText.array(alarm.days.names)),
      ("tune", JSONText.quoted(alarm.tune)),
      ("snooze_s", String(alarm.snoozeSeconds)),
      ("ring_for_s", String(alarm.ringForSeconds)),
      ("enabled", alarm.enabled ? "true" : "false"),
    ])
  }

  /// Reads `set.alarms`: a list of at most `SettingRanges.mostAlarms` alarm objects (an empty
  /// list: no alarms). A mistake is named with the alarm's number, counted from 1 as the state
  /// counts them. Whether a tune is valid RTTTL is checked when the change is read back as
  /// the overrides file, with the configuration's parser.
  static func parseAlarms(_ value: JSONValue) -> Result<[Alarm], ControlRequestError> {
    guard case .array(let items) = value, items.count <= SettingRanges.mostAlarms else {
      return .failure(ControlRequestError(expectation["alarms"] ?? "alarms"))
    }
    var alarms: [Alarm] = []
    for (index, item) in items.enumerated() {
      switch parseAlarm(item) {
      case .success(let alarm): alarms.append(alarm)
      case .failure(let problem):
        return .failure(ControlRequestError("'set.alarms' alarm \(index + 1): \(problem.message)"))
      }
    }
    return .success(alarms)
  }

  /// The alarms a clock's state reports (`settings.alarms`), read leniently as a client reads
  /// the state: members a newer clock adds are left aside, an alarm that does not read is left
  /// out.
  public static func alarms(reported value: JSONValue) -> [Alarm] {
    guard case .array(let items) = value else { return [] }
    return items.compactMap { item in
      guard case .object(let members) = item else { return nil }
      let known = JSONValue.object(members.filter { alarmMembers.contains($0.key) })
      guard case .success(let alarm) = parseAlarm(known) else { return nil }
      return alarm
    }
  }

  private static func parseAlarm(_ item: JSONValue) -> Result<Alarm, ControlRequestError> {
    if case .failure(let error) = object(
      item, allowed: alarmMembers, noun: "member", example: "must be an object such as {\"at\": \"07:00\"}")
    {
      return .failure(error)
    }
    guard case .string(let text)? = item["at"], let time = TimeOfDay(text) else {
      return .failure(ControlRequestError("'at' must be a local time HH:MM or HH:MM:SS such as \"07:00\""))
    }
    var alarm = Alarm(time: time)
    if let days = item["days"] {
      guard let parsed = parseDays(days) else {
        return .failure(
          ControlRequestError(
            "'days' must be a list of days (\(Weekdays.names.joined(separator: ", "))) or one of"
              + " \(Weekdays.groups.keys.sorted().joined(separator: ", ")), naming at least one"))
      }
      alarm.days = parsed
    }
    if let tune = item["tune"] {
      guard case .string(let text) = tune, !text.isEmpty, text.utf8.count <= longestTune,
        !text.unicodeScalars.contains(where: Printable.needsEscape)
      else {
        return .failure(
          ControlRequestError(
            "'tune' must be a built-in tune's name or RTTTL text of at most \(longestTune) bytes"))
      }
      alarm.tune = text
    }
    let seconds: [(String, ClosedRange<Int>, WritableKeyPath<Alarm, Int>)] = [
      ("snooze_s", SettingRanges.alarmSnoozeSeconds, \.snoozeSeconds),
      ("ring_for_s", SettingRanges.alarmRingForSeconds, \.ringForSeconds),
    ]
    for (key, range, path) in seconds {
      guard let given = item[key] else { continue }
      guard let number = wholeNumber(given), range.contains(number) else {
        return .failure(
          ControlRequestError(
            "'\(key)' must be a whole number of seconds from \(range.lowerBound) to \(range.upperBound)"))
      }
      alarm[keyPath: path] = number
    }
    if let enabled = item["enabled"] {
      guard case .bool(let flag) = enabled else {
        return .failure(ControlRequestError("'enabled' must be true or false"))
      }
      alarm.enabled = flag
    }
    return .success(alarm)
  }

  /// `["mon", "tue"]` or `"weekdays"`: days' names and the group words; nil for anything else
  /// or for no day at all.
  private static func parseDays(_ value: JSONValue) -> Weekdays? {
    let words: [JSONValue]
    switch value {
    case .string: words = [value]
    case .array(let items): words = items
    default: return nil
    }
    var days = Weekdays(bits: 0)
    for word in words {
      guard case .string(let text) = word else { return nil }
      let name = text.lowercased()
      guard let named = Weekdays.groups[name] ?? Weekdays(names: [name]) else { return nil }
      days.bits |= named.bits
    }
    return days.isEmpty ? nil : days
  }
}
