import NixieTime

/// When the tubes exercise every cathode against cathode poisoning (a cathode left unlit for
/// months grows a dark film): short runs at a fixed second of every period (e.g. 2 s at 30 s
/// past every hour) and a long run once a day (e.g. 10 minutes from 03:00).
public struct AntiPoisoningSchedule: Hashable, Sendable {
  /// Short runs: every `everyMinutes` (a divisor of 1440, counted from local midnight),
  /// `offsetSeconds` into the period, for `seconds`.
  public struct ShortRuns: Hashable, Sendable {
    public var everyMinutes: Int
    public var offsetSeconds: Int
    public var seconds: Int
  }

  /// The daily long run: from the local time `start` for `minutes` of real time. On a day a
  /// DST change skips `start` it begins at the first time after; a repeated `start` runs once.
  public struct LongRun: Hashable, Sendable {
    public var start: TimeOfDay
    public var minutes: Int
  }

  public var short: ShortRuns?
  public var long: LongRun?
  /// How long each cathode glows on its turn during a run, in nanoseconds.
  public var stepNanoseconds: Int64
  /// How a run shares its time among the cathodes.
  public var mode: AntiPoisoningMode

  public init(
    short: ShortRuns? = nil, long: LongRun? = nil, stepNanoseconds: Int64 = 100_000_000,
    mode: AntiPoisoningMode = .aimed
  ) {
    self.short = short
    self.long = long
    self.stepNanoseconds = max(10_000_000, stepNanoseconds)
    self.mode = mode
  }

  /// A run asked for now (over the control socket), `seconds` long, as this schedule runs them.
  public func requested(at time: Int64, seconds: Int) -> AntiPoisoningRun {
    let (length, over) = Int64(seconds).multipliedReportingOverflow(by: 1_000_000_000)
    let (end, late) = time.addingReportingOverflow(length)
    return AntiPoisoningRun(
      kind: .requested, start: time, end: over || late ? .max : end, step: stepNanoseconds, mode: mode)
  }

  /// No runs at all.
  public static let off = AntiPoisoningSchedule()

  /// The run in progress at `time` (Unix nanoseconds), whose local time is `local`.
  public func run(at time: Int64, local: LocalTime, calendar: ZoneCalendar) -> AntiPoisoningRun? {
    let seconds = time.floorDividing(by: 1_000_000_000)
    if let long {
      for daysAhead in [0, -1] {
        guard
          let start = calendar.instant(
            atSecondOfDay: long.start.secondOfDay, dayOf: seconds, daysAhead: daysAhead)
        else { continue }
        let end = start + Int64(long.minutes) * 60
        if seconds >= start && seconds < end {
          return AntiPoisoningRun(
            kind: .long, start: start * 1_000_000_000, end: end * 1_000_000_000, step: stepNanoseconds,
            mode: mode)
        }
      }
    }
    if let short {
      let period = short.everyMinutes * 60
      let elapsed = ((local.secondOfDay - short.offsetSeconds) % period + period) % period
      if elapsed < short.seconds {
        let start = (seconds - Int64(elapsed)) * 1_000_000_000
        return AntiPoisoningRun(
          kind: .short, start: start, end: start + Int64(short.seconds) * 1_000_000_000,
          step: stepNanoseconds,
          mode: mode)
      }
    }
    return nil
  }
}
