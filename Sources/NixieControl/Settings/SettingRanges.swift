import NixieTransitions

/// The values a clock's settings may take, and the defaults of those a person may leave out:
/// the one home of each range, so nixie.yaml, the command line, the control socket and the
/// web page refuse and offer the same.
public enum SettingRanges {
  /// A brightness as a person gives it, in percent: the day's (nixie.yaml, `--brightness`,
  /// the control socket), a dim night's and the backlight's. At least 1: darkness is the
  /// night's `mode: dark`, not a brightness.
  public static let brightnessPercent = 1...100

  /// How long a face may show, in seconds (a day at most): nixie.yaml,
  /// `--format PATTERN@SECONDS` and the control socket all take this range.
  public static let faceSeconds = 1...86_400

  /// How long a fade takes, in milliseconds: nixie.yaml's `transition.fade-ms`, `--fade-ms`
  /// and the control socket's `set`.
  public static let fadeMilliseconds = 0...TransitionSpec.longestFadeMilliseconds

  /// How long a value shown over the control socket may stay, in seconds, when it is the
  /// clock's setting (`show-seconds`) rather than the request's own.
  public static let showSeconds = 1...3600

  /// How long an alarm's snooze lasts, in seconds: a second to an hour (nixie.yaml's
  /// `snooze`, the control socket's `snooze_s`).
  public static let alarmSnoozeSeconds = 1...3600

  /// How long an alarm (or the countdown's tune) rings before it stops by itself, in seconds:
  /// 10 s to 3 h.
  public static let alarmRingForSeconds = 10...10_800

  /// The most alarms one clock keeps.
  public static let mostAlarms = 20

  /// How long a shown value stays when neither its request nor the settings say: 5 s.
  public static let defaultShowSeconds = 5

  /// How long a face shows when its seconds are not given: the first 50 s, each other
  /// 10 s, so a time-and-date rotation fills a minute.
  public static func defaultFaceSeconds(at index: Int) -> Int { index == 0 ? 50 : 10 }
}
