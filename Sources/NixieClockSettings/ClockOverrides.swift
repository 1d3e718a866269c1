import NixieAlarms
import NixieControl
import NixieText
import NixieTransitions
import NixieYAMLFiles

/// The settings changed from `nixie web`'s page (or any control client), kept in the overrides
/// file (`/var/lib/nixie/overrides.yaml` under systemd) and read after `/etc/nixie/nixie.yaml`,
/// so the hand-written file — its comments included — is never touched. Each setting is nil
/// when the page has not changed it. The command line still wins over both.
///
/// The clock is the file's one writer: it checks a change, writes the whole file atomically,
/// then applies it. The file is YAML a person can read, and the same parser as nixie.yaml's
/// reads it back (with `file:line:column` errors).
public struct ClockOverrides: Hashable, Sendable {
  /// A face of the rotation, as a change over the control socket sets it.
  public typealias Face = ClockSettingsChange.Face
  /// Night hours, or none, as a change over the control socket sets them.
  public typealias Night = ClockSettingsChange.Night

  public var timeZone: String?
  public var faces: [Face]?
  /// The day's brightness, percent.
  public var brightness: Int?
  public var night: Night?
  /// A backlight setting (`#rrggbb`, a colour name, `off`, `cycle`), lowercased; it replaces
  /// nixie.yaml's `backlight` (or its `colour`), keeping the rest of that section.
  public var backlight: String?
  /// How long a fade takes, milliseconds (nixie.yaml's `transition.fade-ms`).
  public var fadeMilliseconds: Int?
  /// How long a value shown over the control socket stays when its request names no seconds.
  public var showSeconds: Int?
  /// The alarms, the whole list (empty: none); they replace nixie.yaml's `alarms:`.
  public var alarms: [Alarm]?

  public init() {}

  /// The keys an overrides file may hold.
  public static let keys = [
    "timezone", "faces", "brightness", "night", "backlight", "fade-ms", "show-seconds", "alarms",
  ]

  /// The keys that are set, in `keys` order.
  public var setKeys: [String] {
    [
      ("timezone", timeZone != nil), ("faces", faces != nil), ("brightness", brightness != nil),
      ("night", night != nil), ("backlight", backlight != nil), ("fade-ms", fadeMilliseconds != nil),
      ("show-seconds", showSeconds != nil), ("alarms", alarms != nil),
    ].filter(\.1).map(\.0)
  }

  /// These overrides with `change` applied.
  public func applying(_ change: ClockSettingsChange) -> ClockOverrides {
    var result = self
    func apply<Value>(_ edit: ClockSettingsChange.Edit<Value>, to value: inout Value?) {
      switch edit {
      case .keep: break
      case .reset: value = nil
      case .set(let new): value = new
      }
    }
    apply(change.timeZone, to: &result.timeZone)
    apply(change.faces, to: &result.faces)
    apply(change.brightness, to: &result.brightness)
    apply(change.night, to: &result.night)
    apply(change.backlight, to: &result.backlight)
    apply(change.fadeMilliseconds, to: &result.fadeMilliseconds)
    apply(change.showSeconds, to: &result.showSeconds)
    apply(change.alarms, to: &result.alarms)
    return result
  }

  /// `configuration` (the file's) with these settings on top.
  public func applied(to configuration: ClockConfiguration, origin: ClockConfiguration.Origin?)
    -> ClockConfiguration
  {
    var result = configuration
    if let timeZone {
      result.timeZone = timeZone
      result.timeZoneOrigin = origin
    }
    if let faces {
      result.faces = faces.map { face in
        if let topic = face.topic {
          return ClockConfiguration.Face(topic: topic, seconds: face.seconds, origin: origin)
        }
        return ClockConfiguration.Face(format: face.format, seconds: face.seconds, origin: origin)
      }
    }
    if let fadeMilliseconds { result.fadeMilliseconds = fadeMilliseconds }
    if let showSeconds { result.showSeconds = showSeconds }
    if let alarms { result.alarms = alarms.map { Self.entry($0, origin: origin) } }
    if let brightness {
      // A brightness set on the page is fixed: it sets `brightness: auto` aside until reset.
      result.brightness = Double(brightness) / 100
      result.light = nil
    }
    if let backlight, let setting = BacklightSetting(backlight) {
      var light = result.backlight ?? ClockConfiguration.Backlight(setting: setting, text: backlight)
      light.setting = setting
      light.text = backlight
      light.origin = origin
      result.backlight = light
    }
    switch night {
    case nil: break
    case .off?: result.night = nil
    case .hours(let mode)?: result.night = mode
    }
    return result
  }

  /// The file's text: a header saying what it is, then one key per setting, strings in double
  /// quotes (readable by NixieYAML, PyYAML and people).
  public var yaml: String {
    var lines = [
      "# Settings changed with nixie web (or the control socket), read after nixie.yaml:",
      "# what is here wins over nixie.yaml; the command line wins over both. Written by",
      "# nixie clock, which replaces the whole file on every change; delete it to go back",
      "# to nixie.yaml alone.",
    ]
    if let timeZone { lines.append("timezone: " + Self.quoted(timeZone)) }
    if let faces {
      lines.append("faces:")
      for face in faces {
        if let topic = face.topic {
          lines.append("  - topic: " + Self.quoted(topic.topic))
          lines.append("    seconds: \(face.seconds)")
          if let decimals = topic.decimals { lines.append("    decimals: \(decimals)") }
          lines.append("    stale-seconds: \(topic.staleSeconds)")
          if topic.groupDigits { lines.append("    group-digits: true") }
          continue
        }
        lines.append("  - format: " + Self.quoted(face.format))
        lines.append("    seconds: \(face.seconds)")
      }
    }
    if let brightness { lines.append("brightness: \(brightness)") }
    switch night {
    case nil: break
    case .off?: lines.append("night: off")
    case .hours(let mode)?:
      lines.append("night:")
      lines.append("  from: " + Self.quoted(mode.from.description))
      lines.append("  until: " + Self.quoted(mode.until.description))
      lines.append("  mode: \(mode.mode.rawValue)")
      if mode.mode == .dim { lines.append("  brightness: \(Int((mode.brightness * 100).rounded()))") }
    }
    if let backlight { lines.append("backlight: " + Self.quoted(backlight)) }
    if let fadeMilliseconds {
      lines.append("transition:")
      lines.append("  fade-ms: \(fadeMilliseconds)")
    }
    if let showSeconds { lines.append("show-seconds: \(showSeconds)") }
    if let alarms { lines += Self.yaml(alarms: alarms) }
    return lines.joined(separator: "\n") + "\n"
  }

  /// `alarms:` as nixie.yaml writes it: `off` for none, else each alarm with every field.
  static func yaml(alarms: [Alarm]) -> [String] {
    guard !alarms.isEmpty else { return ["alarms: off"] }
    var lines = ["alarms:"]
    for alarm in alarms {
      lines.append("  - at: " + quoted(alarm.time.description))
      lines.append("    days: [" + alarm.days.names.joined(separator: ", ") + "]")
      lines.append("    tune: " + quoted(alarm.tune))
      lines.append("    snooze: \(alarm.snoozeSeconds)s")
      lines.append("    ring-for: \(alarm.ringForSeconds)s")
      lines.append("    enabled: \(alarm.enabled)")
    }
    return lines
  }

  /// `alarm` with its tune read, as the configuration holds it. The overrides were read back
  /// with the configuration's parser before they are applied, so the tune reads; were it not to,
  /// the alarm would ring the default tune rather than none.
  static func entry(_ alarm: Alarm, origin: ClockConfiguration.Origin?) -> ClockConfiguration.AlarmEntry {
    let tune = (try? BuiltInTunes.tune(alarm.tune, line: 1)) ?? BuiltInTunes.named(Alarm.defaultTune)
    return ClockConfiguration.AlarmEntry(
      alarm: alarm, tune: tune ?? Tune(name: Alarm.defaultTune, notes: []), origin: origin)
  }

  /// `text` as a YAML double-quoted scalar: `"` and `\` escaped, every character that must
  /// not be printed raw written `\uNNNN` (or `\UNNNNNNNN`).
  static func quoted(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case let s where Printable.needsEscape(s):
        let hex = String(s.value, radix: 16)
        result +=
          s.value > 0xFFFF
          ? "\\U" + String(repeating: "0", count: 8 - hex.count) + hex
          : "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result + "\""
  }

  /// Reads an overrides file's text with the configuration's parser: the same checks and
  /// `file:line:column` messages as nixie.yaml, and only the keys above.
  public static func parse(bytes: [UInt8], file: String) throws(YAMLFileError) -> ClockOverrides {
    try ClockConfigurationParser(file: file).parseOverrides(bytes: bytes)
  }
}
