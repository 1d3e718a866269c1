import NixieAlarms
import NixieLogging

/// The alarms as the `state` answer reports them: the bell (silent, ringing, snoozed) and the
/// next ring. A value the daemon loop makes at each look (`ClockAlarms.report`).
public struct AlarmsReport: Equatable, Sendable {
  public enum Bell: String, Equatable, Sendable {
    case silent, ringing, snoozed
  }

  public var bell = Bell.silent
  /// The alarm the bell rings or keeps snoozed (an index into the planner's alarms).
  public var alarm: Int?
  /// When a snoozed alarm rings again (Unix seconds).
  public var snoozedUntil: Int64?
  /// The next ring that is not skipped: when (Unix seconds) and which alarm.
  public var next: Next?
  /// The bell is the countdown timer's (`alarm` is nil then).
  public var timer = false

  public struct Next: Equatable, Sendable {
    public var instant: Int64
    public var alarm: Int
  }

  public init() {}
}

extension ClockAlarms {
  /// The report at `wall` (Unix nanoseconds) and `mono`.
  func report(planner: ClockPlanner, wall: Int64, mono: UInt64) -> AlarmsReport {
    var report = AlarmsReport()
    switch bell?.state {
    case .ringing(let alarm, _, _)?:
      report.bell = .ringing
      report.alarm = alarm == Self.timer ? nil : alarm
      report.timer = alarm == Self.timer
    case .snoozed(let alarm, let until)?:
      report.bell = .snoozed
      report.alarm = alarm
      report.snoozedUntil =
        wall.floorDividing(by: 1_000_000_000) + Int64((until &- min(until, mono)) / 1_000_000_000)
    case .silent?, nil:
      break
    }
    report.next = next(planner: planner, wall: wall).map {
      AlarmsReport.Next(instant: $0.instant, alarm: $0.alarm)
    }
    return report
  }
}

extension ClockAlarms.Event {
  /// What the log says of it, and at which level: a ring is a notice (it is what the clock is
  /// for at that moment), the rest information.
  func logLine(planner: ClockPlanner) -> (level: Logger.Level, text: String) {
    func name(_ alarm: Int) -> String {
      if alarm == ClockAlarms.timer { return "the timer" }
      guard planner.alarms.indices.contains(alarm) else { return "alarm \(alarm + 1)" }
      return "alarm \(alarm + 1) (\(planner.alarms[alarm].alarm.time))"
    }
    func local(_ instant: Int64) -> String { planner.calendar.local(instant).description }
    switch self {
    case .ring(let alarm, let tune, let snoozed):
      return (.notice, "\(name(alarm)) rings\(snoozed ? " again after its snooze" : ""): \(tune.name)")
    case .silenced(let alarm, let why):
      return (.info, "\(name(alarm)) stopped: \(why == .asked ? "asked to" : why.rawValue)")
    case .snoozed(let alarm, let until):
      return (.info, "\(name(alarm)) snoozed until \(local(until))")
    case .chime:
      return (.debug, "the hour chimes")
    case .missed(let alarm, let instant):
      return (
        .notice,
        "\(name(alarm)) not rung: the clock reached \(local(instant)) late (off, or its time set forward)"
      )
    case .skipped(let alarm, let instant):
      return (.info, "\(name(alarm)): the ring at \(local(instant)) is skipped, as asked")
    }
  }
}
