import NixieBoardModel
import NixieControl
import NixieCore
import NixieText
import NixieTime
import NixieTransitions
import NixieYAMLFiles

/// Everything `nixie clock` can be told, from `/etc/nixie/nixie.yaml` and the command line
/// (which overrides the file). Defaults are what a clock with no file does.
public struct ClockConfiguration: Hashable, Sendable {
  /// A face as configured, with where it was written (for messages).
  public struct Face: Hashable, Sendable {
    /// The date pattern; empty for a face that shows a topic's value.
    public var format: String
    /// How long it shows, in `SettingRanges.faceSeconds`.
    public var seconds: Int
    /// The file and line the face was written on; nil from the command line.
    public var origin: Origin?
    /// The value it shows instead of the time (`nixie mqtt`), or nil for a date face.
    public var topic: TopicFace?

    public init(format: String, seconds: Int, origin: Origin? = nil) {
      self.format = format
      self.seconds = seconds
      self.origin = origin
    }

    /// A face showing the value of `topic`.
    public init(topic: TopicFace, seconds: Int, origin: Origin? = nil) {
      self.format = ""
      self.seconds = seconds
      self.origin = origin
      self.topic = topic
    }
  }

  /// Where a setting came from: a place in a configuration or overrides file, or a change
  /// asked for over the control socket (`change`), which has no place to name.
  public struct Origin: Hashable, Sendable {
    /// The file; nil for a change over the control socket.
    public var file: String?
    public var line: Int?
    public var column: Int?

    public init(file: String?, line: Int? = nil, column: Int? = nil) {
      self.file = file
      self.line = line
      self.column = column
    }

    /// A setting a control-socket request changes: its problems go back to the asker as they
    /// are, since the request is the place.
    public static let change = Origin(file: nil)

    /// `file:line:column` (line and column 1 when unknown), or nil for a change.
    public var place: String? { file.map { "\($0):\(line ?? 1):\(column ?? 1)" } }

    /// `message` at this place: `file:line:column: message` (control characters escaped as
    /// `YAMLFileError` does), or the message alone for a change.
    public func describe(_ message: String) -> String {
      YAMLFileError(file: file ?? "", line: line, column: column, message: message).describe(
        placed: file != nil)
    }
  }

  /// The control socket's place, owner and limits.
  public struct Control: Hashable, Sendable {
    /// The socket's path; nil: `ControlSocketPath.forClock()` (the service's, else the user's).
    public var socket: String?
    /// The group that may use the socket (mode 0660); nil: `nixie` when it exists and the
    /// clock may give it, else the clock's own group.
    public var group: String?
    public var limits = ControlLimits()

    public init() {}
  }

  /// What the knob does on boards with an encoder: turning steps the brightness through the
  /// spinner, a press shows the next face, a long press toggles night mode.
  public struct Knob: Hashable, Sendable {
    public enum Turn: String, Hashable, Sendable, CaseIterable { case brightness, none }
    public enum Press: String, Hashable, Sendable, CaseIterable {
      case nextFace = "next-face"
      case none
    }
    public enum LongPress: String, Hashable, Sendable, CaseIterable {
      case night
      case none
    }

    public var turn: Turn = .brightness
    public var press: Press = .nextFace
    public var longPress: LongPress = .night
    /// After a fast spin the brightness keeps moving and slows down by itself.
    public var momentum = false
    /// Holding the switch this long is a long press.
    public var longPressMilliseconds = 1000

    public init() {}
  }

  /// The light under the tubes, on boards that have one: a colour, off or the colour cycle,
  /// dimmed by the tubes' night schedule as `night` says.
  public struct Backlight: Hashable, Sendable {
    /// What the night does to the backlight.
    public enum Night: String, Hashable, Sendable, CaseIterable {
      /// As it does to the tubes: off on a dark night, dimmed alike on a dim one.
      case follow
      /// Off for the whole night, whatever the tubes do.
      case off
      /// Unchanged at night.
      case on
    }

    public var setting: BacklightSetting
    /// The setting as written, lowercased (`#ff8800`, `amber`, `off`, `cycle`).
    public var text: String
    /// How long the cycle takes once round the colour wheel.
    public var cycleSeconds = 300
    /// The light's brightness by day, 0…1.
    public var brightness = 1.0
    public var night = Night.follow
    /// Where the setting was written; nil from the overrides or the command line.
    public var origin: Origin?

    public init(setting: BacklightSetting, text: String, origin: Origin? = nil) {
      self.setting = setting
      self.text = text
      self.origin = origin
    }

    /// The cycle's period may be from 10 seconds to a day.
    public static let cycleSecondsRange = 10...86_400

    /// The program at night factor `nightFactor` (the tubes': 1 by day, 0 on a dark night).
    public func program(nightFactor: Double) -> BacklightProgram {
      let factor: Double
      switch night {
      case .follow: factor = nightFactor
      case .off: factor = nightFactor < 1 ? 0 : 1
      case .on: factor = 1
      }
      return BacklightProgram(
        setting, cyclePeriod: UInt64(cycleSeconds) * 1_000_000_000, level: brightness * factor)
    }
  }

  /// The file this came from, if any.
  public var file: String?
  public var board: String?
  /// Where `board` was written.
  public var boardOrigin: Origin?
  public var backend: String?
  /// An IANA zone name; nil for the system's zone.
  public var timeZone: String?
  public var timeZoneOrigin: Origin?
  /// The faces in turn; empty: the best face the board can show (`DefaultFaces`).
  public var faces: [Face] = []
  public var transition: TransitionSpec.Kind = .crossfade
  /// The length of a fade (for `slot`, of one turn through a tube's cathodes).
  public var fadeMilliseconds: Int = TransitionSpec.defaultFadeMilliseconds
  public var curve: FadeCurve = .perceptual
  /// The day's brightness, 0…1 (given in percent: `SettingRanges.brightnessPercent`); with
  /// `light`, the fallback while the sensor cannot be read.
  public var brightness: Double = 1
  /// `brightness: auto`: the brightness follows a light sensor; nil: fixed.
  public var light: Light?
  /// `presence`: dark after a while with nobody there; nil: always lit.
  public var presence: Presence?
  public var night: NightMode?
  public var antiPoisoning = AntiPoisoningSchedule(
    short: AntiPoisoningSchedule.ShortRuns(everyMinutes: 60, offsetSeconds: 30, seconds: 2))
  public var indicator: UnsynchronisedIndicator = .blink
  public var control = Control()
  public var knob = Knob()
  /// The frame thread at real-time priority with memory locked (`RealTime`): steadier PWM on
  /// a busy machine. Takes a restart to change.
  public var realtime = false
  /// The backlight; nil: off.
  public var backlight: Backlight?
  /// How long a value shown over the control socket stays when its request names no seconds
  /// (`SettingRanges.showSeconds`).
  public var showSeconds = SettingRanges.defaultShowSeconds
  /// `alarms:`, in file order (the control socket, the state and the log number them from 1).
  public var alarms: [AlarmEntry] = []
  /// `chime: hourly`; nil: no chime (the default).
  public var chime: Chime?
  /// `countdown:`, the timer's tune; nil: the default (`timer`, a minute).
  public var countdown: Countdown?

  public init() {}

  /// The fades' length and curve.
  public var motion: ClockMotion {
    ClockMotion(fade: UInt64(fadeMilliseconds) * 1_000_000, curve: curve)
  }

  /// The default file `nixie clock` reads.
  public static let defaultPath = "/etc/nixie/nixie.yaml"

  /// Reads and checks the file at `path`.
  public static func load(_ path: String) throws(YAMLFileError) -> ClockConfiguration {
    try parse(bytes: try YAMLFile.read(path), file: path)
  }

  /// Checks the UTF-8 text of a configuration file; `file` names it in messages.
  public static func parse(bytes: [UInt8], file: String) throws(YAMLFileError) -> ClockConfiguration {
    try ClockConfigurationParser(file: file).parse(bytes: bytes)
  }

  /// Why `backlight` is ignored on `board` (it has none nixie can drive), or nil: the clock
  /// says it once as a warning, so one nixie.yaml serves several boards.
  public func backlightWarning(for board: BoardProfile) -> String? {
    guard let backlight, backlight.setting != .off, board.backlight?.isDriven != true else { return nil }
    let place = backlight.origin?.place.map { "\($0): " } ?? ""
    if case .addressable(let chain) = board.backlight {
      return place
        + "backlight \(Printable.quoted(backlight.text)) ignored: \(board.name)'s backlight is not driven: \(chain.reason)"
    }
    return place + "backlight \(Printable.quoted(backlight.text)) ignored: \(board.name) has no backlight"
  }

  /// The zone named `name` (the system's when nil), or what is wrong with it: an unknown name
  /// says which zone it may have meant; a problem from the file is bad configuration at its
  /// place, one from the command line bad usage of `--timezone`.
  public static func zone(_ name: String?, origin: Origin?, zones: ZoneDatabase = ClockZones.system)
    throws(NixieError)
    -> ZoneCalendar
  {
    do {
      guard let name else { return try zones.systemZone() }
      return try zones.zone(named: name)
    } catch {
      var message = error.description
      if error.reason == .unknownZone || error.reason == .invalidName, let name {
        let guesses = zones.suggestions(for: name, closest: Suggestion.closest(to:in:)).prefix(3)
        if let advice = ZoneName.offsetAdvice(for: name) {
          message = "unknown time zone \(Printable.quoted(name)): \(advice)"
        } else if !guesses.isEmpty {
          message =
            "unknown time zone \(Printable.quoted(name)): did you mean \(guesses.joined(separator: " or "))?"
        } else {
          message =
            "unknown time zone \(Printable.quoted(name)) (an IANA name such as Europe/Berlin;"
            + " see /usr/share/zoneinfo)"
        }
      }
      guard name != nil else { throw NixieError(.badConfiguration, "the system's time zone: \(message)") }
      if let origin { throw NixieError(.badConfiguration, origin.describe(message)) }
      throw NixieError(.badUsage, "--timezone: \(message)")
    }
  }
}
