/// Whether an alarm is sounding, snoozed or silent, and what a press, a command or the passing
/// of time does to it. Times are nanoseconds on one clock the caller chooses (the daemon's
/// monotonic clock); nothing here reads a clock.
///
/// An alarm rings for its `ringFor`, then falls silent by itself. A snooze silences it for its
/// `snooze` and then it rings again, for `ringFor` again. A stop ends it, snoozed or ringing.
/// Presses and commands while nothing rings change nothing (and say so), so a press meant for
/// the alarm never does something else.
public struct AlarmBell: Hashable, Sendable {
  public enum State: Hashable, Sendable {
    case silent
    /// Sounding since `since`, until `until` unless snoozed or stopped first.
    case ringing(alarm: Int, since: UInt64, until: UInt64)
    /// Quiet until `until`, then ringing again.
    case snoozed(alarm: Int, until: UInt64)
  }

  /// What changed, for the daemon to act on (start or stop the tune, log, publish).
  public enum Change: Hashable, Sendable {
    case startedRinging(alarm: Int)
    case snoozed(alarm: Int, until: UInt64)
    case stopped(alarm: Int, why: StopReason)
  }

  public enum StopReason: String, Hashable, Sendable {
    /// A long press, `nixie send --alarm stop`, the web page or Home Assistant.
    case asked
    /// It rang for its whole `ring-for`.
    case timedOut = "rang for its time"
  }

  public private(set) var state: State = .silent
  /// How long a ring lasts before it stops by itself, and how long a snooze lasts.
  public let ringFor: UInt64
  public let snooze: UInt64

  public init(ringFor: UInt64, snooze: UInt64) {
    self.ringFor = ringFor
    self.snooze = snooze
  }

  /// The alarm ringing or snoozed; nil when silent.
  public var ringingAlarm: Int? {
    switch state {
    case .silent: nil
    case .ringing(let alarm, _, _), .snoozed(let alarm, _): alarm
    }
  }

  /// Whether the buzzer should sound now.
  public var isRinging: Bool {
    if case .ringing = state { return true }
    return false
  }

  /// Alarm `alarm` is due at `now`: it rings (a new alarm replaces one ringing or snoozed).
  public mutating func ring(alarm: Int, at now: UInt64) -> Change {
    state = .ringing(alarm: alarm, since: now, until: Self.adding(ringFor, to: now))
    return .startedRinging(alarm: alarm)
  }

  /// A short press or `--alarm snooze`: a ringing alarm goes quiet for `snooze`; nil (nothing
  /// done) when none rings.
  public mutating func snooze(at now: UInt64) -> Change? {
    guard case .ringing(let alarm, _, _) = state else { return nil }
    let until = Self.adding(snooze, to: now)
    state = .snoozed(alarm: alarm, until: until)
    return .snoozed(alarm: alarm, until: until)
  }

  /// A long press or `--alarm stop`: a ringing or snoozed alarm ends; nil when there is none.
  public mutating func stop() -> Change? {
    switch state {
    case .silent: return nil
    case .ringing(let alarm, _, _), .snoozed(let alarm, _):
      state = .silent
      return .stopped(alarm: alarm, why: .asked)
    }
  }

  /// Time passes to `now`: a ring past its time ends, a snooze past its time rings again.
  public mutating func advance(to now: UInt64) -> Change? {
    switch state {
    case .silent: return nil
    case .ringing(let alarm, _, let until):
      guard now >= until else { return nil }
      state = .silent
      return .stopped(alarm: alarm, why: .timedOut)
    case .snoozed(let alarm, let until):
      guard now >= until else { return nil }
      state = .ringing(alarm: alarm, since: now, until: Self.adding(ringFor, to: now))
      return .startedRinging(alarm: alarm)
    }
  }

  /// `now + span`, or the clock's last instant rather than wrapping round.
  static func adding(_ span: UInt64, to now: UInt64) -> UInt64 {
    let (sum, overflow) = now.addingReportingOverflow(span)
    return overflow ? .max : sum
  }

  /// When `advance` next has something to do (nil: nothing pending), so the daemon sleeps
  /// until then and not a moment more often.
  public var nextChange: UInt64? {
    switch state {
    case .silent: nil
    case .ringing(_, _, let until), .snoozed(_, let until): until
    }
  }
}
