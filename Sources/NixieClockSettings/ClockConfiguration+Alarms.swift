import NixieAlarms
import NixieControl

extension ClockConfiguration {
  /// One of nixie.yaml's `alarms:`, with where it was written (for messages).
  public struct AlarmEntry: Hashable, Sendable {
    public var alarm: Alarm
    /// The tune it plays, already read (`BuiltInTunes.tune`).
    public var tune: Tune
    /// Where the alarm was written; nil from a test or the control socket.
    public var origin: Origin?

    public init(alarm: Alarm, tune: Tune, origin: Origin? = nil) {
      self.alarm = alarm
      self.tune = tune
      self.origin = origin
    }

    /// A snooze lasts from a second to an hour.
    public static let snoozeRange = SettingRanges.alarmSnoozeSeconds
    /// An alarm rings for 10 seconds to 3 hours before it stops by itself.
    public static let ringForRange = SettingRanges.alarmRingForSeconds
  }

  /// `countdown:`: what the countdown timer plays at zero (`nixie send --countdown`), and for
  /// how long before it stops by itself.
  public struct Countdown: Hashable, Sendable {
    public var tune: Tune
    /// The tune's name or RTTTL text as written.
    public var tuneText: String
    public var ringForSeconds: Int

    public init(
      tuneText: String = Self.defaultTune, tune: Tune, ringForSeconds: Int = Self.defaultRingForSeconds
    ) {
      self.tuneText = tuneText
      self.tune = tune
      self.ringForSeconds = ringForSeconds
    }

    /// The built-in tune a timer plays unless told otherwise.
    public static let defaultTune = "timer"
    /// A timer rings a minute unless stopped first.
    public static let defaultRingForSeconds = 60
    /// The timer's defaults: `timer`, rung for a minute.
    public static let standard = Countdown(
      tune: BuiltInTunes.named(defaultTune) ?? Tune(name: defaultTune, notes: []))
  }

  /// `chime:`: a short tune at each full hour, never in night hours.
  public struct Chime: Hashable, Sendable {
    public var tune: Tune
    /// The tune's name or RTTTL text as written.
    public var tuneText: String

    public init(tuneText: String = Self.defaultTune, tune: Tune) {
      self.tuneText = tuneText
      self.tune = tune
    }

    /// The built-in tune a chime plays unless told otherwise.
    public static let defaultTune = "chime"
  }
}
