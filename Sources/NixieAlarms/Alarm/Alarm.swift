import NixieTime

/// One alarm of nixie.yaml's `alarms:`: when it rings, what it plays, how it snoozes.
public struct Alarm: Hashable, Sendable {
  /// The local time it rings at, in the clock's zone (whole minutes in nixie.yaml).
  public var time: TimeOfDay
  public var days: Weekdays
  /// A built-in tune's name or RTTTL text (`BuiltInTunes.tune`).
  public var tune: String
  /// How long a snooze lasts, in seconds.
  public var snoozeSeconds: Int
  /// How long it rings before it stops by itself, in seconds.
  public var ringForSeconds: Int
  public var enabled: Bool

  /// A snooze's default: 9 minutes, as alarm clocks have had since the 1950s.
  public static let defaultSnoozeSeconds = 540
  /// How long an alarm rings by default before it stops by itself: 10 minutes.
  public static let defaultRingForSeconds = 600
  /// The tune by default.
  public static let defaultTune = "beeps"

  public init(
    time: TimeOfDay, days: Weekdays = .everyDay, tune: String = Self.defaultTune,
    snoozeSeconds: Int = Self.defaultSnoozeSeconds, ringForSeconds: Int = Self.defaultRingForSeconds,
    enabled: Bool = true
  ) {
    self.time = time
    self.days = days
    self.tune = tune
    self.snoozeSeconds = snoozeSeconds
    self.ringForSeconds = ringForSeconds
    self.enabled = enabled
  }

  /// The first instant (Unix seconds) after `unixSeconds` at which it rings in `zone`, or nil
  /// when it never does (disabled, or no days).
  ///
  /// The day is the local one: an alarm for `mon` rings when Monday's clock reads its time. A
  /// time a DST change skips rings at the first second after the gap, once; a time the change
  /// repeats rings at its first instant only (`ZoneCalendar.instant(atSecondOfDay:…)`).
  public func nextRing(after unixSeconds: Int64, in zone: ZoneCalendar) -> Int64? {
    guard enabled, !days.isEmpty else { return nil }
    let today = zone.local(unixSeconds)
    let day = GregorianCalendar.daysSinceEpoch(year: Int64(today.year), month: today.month, day: today.day)
    // Eight days ahead: today's time may have passed, and the next ring of a one-day alarm is
    // then a week away.
    for ahead in 0...8 {
      let weekday = GregorianCalendar.weekday(daysSinceEpoch: day + Int64(ahead))
      guard days.contains(weekday: weekday),
        let instant = zone.instant(atSecondOfDay: time.secondOfDay, dayOf: unixSeconds, daysAhead: ahead),
        instant > unixSeconds
      else { continue }
      return instant
    }
    return nil
  }
}
