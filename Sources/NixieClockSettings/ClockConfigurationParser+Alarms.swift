import NixieAlarms
import NixieControl
import NixieText
import NixieYAMLFiles

/// nixie.yaml's keys for the buzzer: `alarms` and `chime`.
extension ClockConfigurationParser {
  func parseAlarmSettings(_ top: ProfileNode.Fields, into configuration: inout ClockConfiguration)
    throws(YAMLFileError)
  {
    if let alarms = top["alarms"] { configuration.alarms = try parseAlarms(alarms) }
    if let chime = top["chime"] { configuration.chime = try parseChime(chime) }
    if let countdown = top["countdown"] { configuration.countdown = try parseCountdown(countdown) }
  }

  /// `countdown: {tune: NAME, ring-for: 1m}`.
  func parseCountdown(_ node: ProfileNode) throws(YAMLFileError) -> ClockConfiguration.Countdown {
    let fields = try node.fields(allowed: ["tune", "ring-for"])
    var text = ClockConfiguration.Countdown.defaultTune
    var tune = try parseTune(text, at: node)
    if let tuneNode = fields["tune"] {
      text = try nonEmpty(tuneNode)
      tune = try parseTune(text, at: tuneNode)
    }
    var countdown = ClockConfiguration.Countdown(tuneText: text, tune: tune)
    if let ringFor = fields["ring-for"] {
      countdown.ringForSeconds = try duration(ringFor, in: ClockConfiguration.AlarmEntry.ringForRange)
    }
    return countdown
  }

  /// `alarms: off`, or a list of `{at, days, tune, snooze, ring-for, enabled}`.
  func parseAlarms(_ node: ProfileNode) throws(YAMLFileError) -> [ClockConfiguration.AlarmEntry] {
    if isOff(node) { return [] }
    let items = try node.sequence()
    guard items.count <= SettingRanges.mostAlarms else {
      throw node.error(
        "alarms lists \(items.count) alarms; a clock keeps at most \(SettingRanges.mostAlarms)")
    }
    var entries: [ClockConfiguration.AlarmEntry] = []
    for item in items { entries.append(try parseAlarm(item)) }
    return entries
  }

  private func parseAlarm(_ item: ProfileNode) throws(YAMLFileError) -> ClockConfiguration.AlarmEntry {
    let fields = try item.fields(
      allowed: ["at", "days", "tune", "snooze", "ring-for", "enabled"], required: ["at"])
    let at = fields["at"]!
    var alarm = Alarm(time: try timeOfDay(at))
    if let days = fields["days"] { alarm.days = try parseDays(days) }
    var tune = try parseTune(Alarm.defaultTune, at: item)
    if let node = fields["tune"] {
      alarm.tune = try nonEmpty(node)
      tune = try parseTune(alarm.tune, at: node)
    }
    if let snooze = fields["snooze"] {
      alarm.snoozeSeconds = try duration(snooze, in: ClockConfiguration.AlarmEntry.snoozeRange)
    }
    if let ringFor = fields["ring-for"] {
      alarm.ringForSeconds = try duration(ringFor, in: ClockConfiguration.AlarmEntry.ringForRange)
    }
    if let enabled = fields["enabled"] { alarm.enabled = try enabled.bool() }
    return ClockConfiguration.AlarmEntry(alarm: alarm, tune: tune, origin: origin(of: at))
  }

  /// `[mon, tue]`, one day (`sat`), or `daily`, `weekdays`, `weekends`.
  func parseDays(_ node: ProfileNode) throws(YAMLFileError) -> Weekdays {
    let words: [(text: String, node: ProfileNode)]
    if let text = node.text {
      words = [(text, node)]
    } else {
      var listed: [(text: String, node: ProfileNode)] = []
      for item in try node.sequence() { listed.append((try item.string(), item)) }
      words = listed
    }
    guard !words.isEmpty else {
      throw node.error("\(node.path) must name at least one day (or the alarm says enabled: false)")
    }
    var days = Weekdays(bits: 0)
    for (text, place) in words {
      let word = text.lowercased()
      if let group = Weekdays.groups[word] {
        days.bits |= group.bits
      } else if let day = Weekdays(names: [word]) {
        days.bits |= day.bits
      } else {
        var message = "\(Printable.quoted(text)) is not a day: \(Weekdays.names.joined(separator: ", ")),"
        message += " or daily, weekdays, weekends"
        if let guess = Suggestion.closest(to: word, in: Weekdays.names + Weekdays.groups.keys.sorted()) {
          message += " (did you mean '\(guess)'?)"
        }
        throw place.error("\(node.path): " + message)
      }
    }
    return days
  }

  /// A built-in tune's name or RTTTL text, written at `node`; a mistake in it is reported at
  /// its own column.
  func parseTune(_ text: String, at node: ProfileNode) throws(YAMLFileError) -> Tune {
    do {
      return try BuiltInTunes.tune(text, line: node.valueLine)
    } catch {
      throw YAMLFileError(
        file: file, line: node.valueLine, column: node.textColumn + error.column - 1,
        message: "\(node.path): \(error.message)")
    }
  }

  /// `chime: hourly`, `chime: off`, or `{tune: NAME}` (hourly, that tune).
  func parseChime(_ node: ProfileNode) throws(YAMLFileError) -> ClockConfiguration.Chime? {
    if isOff(node) { return nil }
    if node.text != nil {
      _ = try choice(node, ["hourly", "off"])
      let text = ClockConfiguration.Chime.defaultTune
      return ClockConfiguration.Chime(tuneText: text, tune: try parseTune(text, at: node))
    }
    let fields = try node.fields(allowed: ["tune"], required: ["tune"])
    let tuneNode = fields["tune"]!
    let text = try nonEmpty(tuneNode)
    return ClockConfiguration.Chime(tuneText: text, tune: try parseTune(text, at: tuneNode))
  }
}
