import NixieAlarms
import NixieClockSettings
import NixieControl
import NixieTime

/// nixie.yaml's alarms and chime as the daemon's loop follows them: which alarm is due
/// (`Alarm.nextRing`, DST-correct), the bell of the one that rings (`AlarmBell`: ringing,
/// snoozed, silent), a ring skipped on request, and the hourly chime. A value the loop owns;
/// it reads no clock: each look is handed the wall time (Unix nanoseconds) and the monotonic
/// time, and what comes out is for the buzzer and the log.
struct ClockAlarms {
  /// What the loop does after a look or a request.
  enum Event: Equatable {
    /// Alarm `alarm` (an index into the planner's alarms) starts ringing, at `instant` (Unix
    /// seconds) or after a snooze: its tune, repeated until silenced.
    case ring(alarm: Int, tune: Tune, snoozed: Bool)
    /// The ringing stops: asked, or rang for its `ring-for`.
    case silenced(alarm: Int, why: AlarmBell.StopReason)
    /// Quiet until `until` (Unix seconds), then it rings again.
    case snoozed(alarm: Int, until: Int64)
    /// The hour is full: the chime's tune, once.
    case chime(Tune)
    /// The clock reached the alarm's instant more than `grace` late (it was off, or its time
    /// was set forward past it): not rung.
    case missed(alarm: Int, instant: Int64)
    /// The ring at `instant` was skipped, as asked.
    case skipped(alarm: Int, instant: Int64)
  }

  /// How late the clock may reach an alarm's second and still ring it: a slow start, the
  /// clock set forward a little. An alarm missed by more (the power was off at its time) is
  /// not rung an hour late.
  static let grace: Int64 = 60

  /// The number the countdown's ring has where an alarm's index goes (events, the bell).
  static let timer = -1
  /// The countdown end whose ring was dealt with (rung or missed), so it is dealt with once.
  private var timerEnd: Int64?

  /// Whether the countdown's ring sounds now.
  var timerRings: Bool { bell?.ringingAlarm == Self.timer && isRinging }

  /// The bell of the alarm that rings or is snoozed; nil: silent.
  private(set) var bell: AlarmBell?
  /// The tune of the alarm the bell rings, for its ring after a snooze.
  private var tune: Tune?
  /// The wall second up to which alarms and the chime were looked at.
  private var lookedUntil: Int64?
  /// The first instant any alarm rings after `lookedUntil`, worked out once (nil: none).
  private var upcoming: (instant: Int64, alarm: Int)?
  private var upcomingKnown = false
  /// Rings skipped on request: (alarm, instant).
  private var skips: Set<Skip> = []

  struct Skip: Hashable {
    var alarm: Int
    var instant: Int64
  }

  /// Whether the buzzer rings for an alarm now.
  var isRinging: Bool { bell?.isRinging ?? false }

  /// The alarms or the zone changed (a reload, a change over the socket, the system's zone):
  /// the next ring is worked out again. A ringing or snoozed alarm goes on.
  mutating func replanned() {
    upcomingKnown = false
  }

  /// One look at `wall` (Unix nanoseconds) and `mono`: a ring past its time ends, a snooze
  /// past its time rings again, an alarm whose second has come rings, a full hour chimes.
  mutating func advance(wall: Int64, mono: UInt64, planner: ClockPlanner) -> [Event] {
    var events: [Event] = []
    if let change = bell?.advance(to: mono) { events.append(event(of: change, wall: wall, mono: mono)) }
    if let end = planner.countdownEnd, wall >= end, timerEnd != end {
      events.append(ringTimer(end: end, wall: wall, mono: mono, countdown: planner.countdown))
    }
    let now = wall.floorDividing(by: 1_000_000_000)
    // At the start, the current second counts; after a step back, from where the clock is now.
    let from = min(lookedUntil ?? now - 1, now)
    if lookedUntil.map({ now < $0 }) ?? true { upcomingKnown = false }
    lookedUntil = now
    if !upcomingKnown { upcoming = Self.firstRing(after: from, of: planner.alarms, in: planner.calendar) }
    upcomingKnown = true
    if let due = upcoming, due.instant <= now {
      events += ring(due, now: now, wall: wall, mono: mono, planner: planner)
      upcoming = Self.firstRing(after: now, of: planner.alarms, in: planner.calendar)
    }
    if let chime = planner.chime, !isRinging,
      let hour = Self.fullHour(in: from, now, calendar: planner.calendar),
      now - hour < Self.grace, !planner.isNight(at: wall)
    {
      events.append(.chime(chime.tune))
    }
    return events
  }

  /// The countdown that reached zero at `end` rings, or is missed when the clock reached its end
  /// late (it was stopped then).
  private mutating func ringTimer(
    end: Int64, wall: Int64, mono: UInt64, countdown: ClockConfiguration.Countdown
  )
    -> Event
  {
    timerEnd = end
    let endSecond = end.floorDividing(by: 1_000_000_000)
    guard wall.floorDividing(by: 1_000_000_000) - endSecond < Self.grace else {
      return .missed(alarm: Self.timer, instant: endSecond)
    }
    var bell = AlarmBell(ringFor: UInt64(countdown.ringForSeconds) * 1_000_000_000, snooze: 0)
    _ = bell.ring(alarm: Self.timer, at: mono)
    self.bell = bell
    tune = countdown.tune
    return .ring(alarm: Self.timer, tune: countdown.tune, snoozed: false)
  }

  /// The alarm due at `due` rings, or is skipped or missed.
  private mutating func ring(
    _ due: (instant: Int64, alarm: Int), now: Int64, wall: Int64, mono: UInt64, planner: ClockPlanner
  ) -> [Event] {
    let skip = Skip(alarm: due.alarm, instant: due.instant)
    if skips.remove(skip) != nil { return [.skipped(alarm: due.alarm, instant: due.instant)] }
    guard now - due.instant < Self.grace else { return [.missed(alarm: due.alarm, instant: due.instant)] }
    let entry = planner.alarms[due.alarm]
    var bell = AlarmBell(
      ringFor: UInt64(entry.alarm.ringForSeconds) * 1_000_000_000,
      snooze: UInt64(entry.alarm.snoozeSeconds) * 1_000_000_000)
    _ = bell.ring(alarm: due.alarm, at: mono)
    self.bell = bell
    tune = entry.tune
    return [.ring(alarm: due.alarm, tune: entry.tune, snoozed: false)]
  }

  /// `action` at `wall` and `mono`: what it did, or nil when it had nothing to act on (no
  /// alarm rings, none to skip).
  mutating func act(_ action: AlarmAction, wall: Int64, mono: UInt64, planner: ClockPlanner) -> Event? {
    switch action {
    case .snooze where bell?.ringingAlarm == Self.timer:
      // A timer that rang has nothing to snooze for: a press ends it.
      return act(.stop, wall: wall, mono: mono, planner: planner)
    case .snooze:
      guard let change = bell?.snooze(at: mono) else { return nil }
      return event(of: change, wall: wall, mono: mono)
    case .stop:
      guard let change = bell?.stop() else { return nil }
      return event(of: change, wall: wall, mono: mono)
    case .skipNext:
      let now = wall.floorDividing(by: 1_000_000_000)
      guard let next = nextRing(after: now, planner: planner) else { return nil }
      skips.insert(Skip(alarm: next.alarm, instant: next.instant))
      return .skipped(alarm: next.alarm, instant: next.instant)
    }
  }

  /// The next ring after `now` (Unix seconds) that is not skipped: (instant, alarm).
  func nextRing(after now: Int64, planner: ClockPlanner) -> (instant: Int64, alarm: Int)? {
    var after = now
    // Each skip moves past one ring; there are at most as many skips as rings asked to skip.
    for _ in 0...skips.count {
      guard let next = Self.firstRing(after: after, of: planner.alarms, in: planner.calendar) else {
        return nil
      }
      guard skips.contains(Skip(alarm: next.alarm, instant: next.instant)) else { return next }
      after = next.instant
    }
    return nil
  }

  /// The next ring that is not skipped, after `wall` (Unix nanoseconds): the one worked out at
  /// the last look when nothing is skipped.
  func next(planner: ClockPlanner, wall: Int64) -> (instant: Int64, alarm: Int)? {
    let now = wall.floorDividing(by: 1_000_000_000)
    if skips.isEmpty, upcomingKnown, lookedUntil == now, let upcoming, upcoming.instant > now {
      return upcoming
    }
    return nextRing(after: now, planner: planner)
  }

  /// When the bell next changes by itself (a ring's end, a snooze's), on the monotonic clock.
  var nextChange: UInt64? { bell?.nextChange }

  /// The bell's change as an event; a bell that fell silent is dropped.
  private mutating func event(of change: AlarmBell.Change, wall: Int64, mono: UInt64) -> Event {
    switch change {
    case .startedRinging(let alarm):
      return .ring(alarm: alarm, tune: tune ?? Tune(name: "", notes: []), snoozed: true)
    case .snoozed(let alarm, let until):
      let seconds = Int64((until &- min(until, mono)) / 1_000_000_000)
      return .snoozed(alarm: alarm, until: wall.floorDividing(by: 1_000_000_000) + seconds)
    case .stopped(let alarm, let why):
      bell = nil
      tune = nil
      return .silenced(alarm: alarm, why: why)
    }
  }

  /// The first instant after `after` at which one of `alarms` rings in `calendar`, and which.
  static func firstRing(after: Int64, of alarms: [ClockConfiguration.AlarmEntry], in calendar: ZoneCalendar)
    -> (instant: Int64, alarm: Int)?
  {
    var first: (instant: Int64, alarm: Int)?
    for (index, entry) in alarms.enumerated() {
      guard let instant = entry.alarm.nextRing(after: after, in: calendar) else { continue }
      if first.map({ instant < $0.instant }) ?? true { first = (instant, index) }
    }
    return first
  }

  /// The full hour of local time in `(from, now]`, if one is (Unix seconds).
  static func fullHour(in from: Int64, _ now: Int64, calendar: ZoneCalendar) -> Int64? {
    let hour = now - Int64(calendar.local(now).secondOfDay % 3600)
    return hour > from ? hour : nil
  }
}
