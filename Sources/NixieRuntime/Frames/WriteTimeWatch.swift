import NixieText
import NixieTransitions

/// How long the board takes to write a frame, watched from the frame thread's own writes, and
/// the PWM that fits it (`PWMSettings.fitted`, issue 34 §2): no slice shorter than a write, so
/// none is skipped or late, fewer levels rather than a wrong duty.
///
/// The first `warmUp` writes after start are not measured: the path is warming up (code run
/// for the first time, libraries bound lazily, an emulator translating it) and takes many
/// times what it will — in the kernel VM the first writes took 2.5–3.8 ms, the next ones
/// 60–150 µs. From then on every `window` writes give a measure: the window's median, so a
/// write the scheduler was preempted in does not count. Only writes made in a run are measured,
/// each begun within `runGap` of the last one's end (a fade, a dimmed display's PWM): those are
/// the writes the slices must hold. An idle display's writes, one when its value changes, each
/// come out of a sleeping machine (cold caches, a CPU clocked down, an emulator translating
/// afresh): in a CI run's loaded VM they measured 4.9 ms where the same clock's PWM writes took
/// 50–150 µs, and the fit of it — one level — kept a clock dimmed to 30 % fully lit. The PWM
/// is fitted to the measure and a quarter more (`headroom`), so the writes a little slower than
/// the median fit too.
///
/// The first measure fits at once: it is the board's. After it the PWM gets fewer levels only
/// when the writes have been too slow for a slice for `sustained` (every measure in that time),
/// and then fits the least slow of those measures: a slow moment — a machine busy for a few
/// hundred milliseconds, a window of 5.6 ms writes among 0.5 ms ones in a loaded VM — is
/// ridden out rather than cutting a dimmed display to one level (on or off) that it would
/// keep until the writes are measured again (an idle display writes only when its value
/// changes: once a second for a clock). It gets more levels as soon as a measure is at least
/// twice as fast as a slice, so a noisy machine does not refit at every window.
/// Recording allocates nothing: the window's storage is made once.
public struct WriteTimeWatch: Sendable {
  /// Writes after start that are not measured.
  public static let warmUp = 16
  /// Writes per measure.
  public static let window = 16
  /// How long the writes must be too slow for the PWM before it gets fewer levels: 1 s.
  public static let sustained: UInt64 = 1_000_000_000
  /// The longest pause before a write that still counts it as one of a run: a PWM period at
  /// its longest, so every write of a fade or of a dimmed display counts, whatever the fit.
  public static let runGap: UInt64 = PWMSettings.maximumPeriod

  /// The time a slice is fitted to: a measured write and a quarter more.
  public static func headroom(_ writeTime: UInt64) -> UInt64 {
    writeTime.addingReportingOverflow(writeTime / 4).overflow ? .max : writeTime + writeTime / 4
  }

  private var durations = [UInt64](repeating: 0, count: Self.window)
  private var filled = 0
  /// Writes let pass while the path warms up.
  private var warmed = 0
  /// While the measures are too slow for the PWM: when the first of them was taken, and the
  /// least slow of them.
  private var slow: (since: UInt64, least: UInt64)?
  /// When the last write ended; nil before the first.
  private var lastEnd: UInt64?

  /// The latest measure: the median write, in nanoseconds (after a sustained slowness, the
  /// least slow measure of it, which the PWM was fitted to); nil before the first window is full.
  public private(set) var writeTime: UInt64?

  public init() {}

  /// Records a write that took `duration` nanoseconds and ended at `time` (any monotonic
  /// timeline, nanoseconds). Returns the settings to play on in when a measure says `current`
  /// no longer fits; nil to keep it.
  public mutating func record(_ duration: UInt64, at time: UInt64, current: PWMSettings) -> PWMSettings? {
    let start = time > duration ? time - duration : 0
    let inRun = lastEnd.map { start <= $0 || start - $0 <= Self.runGap } ?? false
    lastEnd = time
    guard warmed == Self.warmUp else {
      warmed += 1
      return nil
    }
    guard inRun else { return nil }
    durations[filled] = duration
    filled += 1
    guard filled == Self.window else { return nil }
    let median = Self.median(&durations, count: filled)
    filled = 0
    let first = writeTime == nil
    writeTime = median
    if first || median <= current.slice {
      slow = nil
      let fit = PWMSettings.fitted(writeTime: Self.headroom(median))
      let refits = first || median <= current.slice / 2
      return refits && fit != current ? fit : nil
    }
    let since = slow?.since ?? time
    let least = min(slow?.least ?? median, median)
    guard time > since, time - since >= Self.sustained else {
      slow = (since, least)
      return nil
    }
    slow = nil
    writeTime = least
    let fit = PWMSettings.fitted(writeTime: Self.headroom(least))
    return fit != current ? fit : nil
  }

  /// A measure and its fit in words, as the clock logs it and `nixie doctor` and `nixie bench`
  /// report it: `a frame write takes 412 µs: the PWM plays 10 ms in 16 levels of 625 µs`.
  public static func describe(writeTime: UInt64, settings: PWMSettings) -> String {
    "a frame write takes \(microseconds(writeTime)): the PWM plays \(microseconds(settings.period))"
      + " in \(settings.levels) levels of \(microseconds(settings.slice))"
  }

  /// `412 µs`; `5 ms`, `1.2 ms`, `9.13 ms` from 1 ms up; `1.5 µs` below 10 µs.
  private static func microseconds(_ nanoseconds: UInt64) -> String {
    if nanoseconds >= 1_000_000 {
      var text = Substring(DecimalText.text(Double(nanoseconds) / 1e6, places: 2))
      while text.contains("."), let last = text.last, last == "0" || last == "." { text = text.dropLast() }
      return text + " ms"
    }
    if nanoseconds < 10_000 { return DecimalText.text(Double(nanoseconds) / 1_000, places: 1) + " µs" }
    return "\(nanoseconds / 1_000) µs"
  }

  /// The median of the first `count` values, sorted in place (insertion sort: no storage of
  /// its own, and a few thousand comparisons every `window` writes).
  private static func median(_ values: inout [UInt64], count: Int) -> UInt64 {
    for index in 1..<count {
      let value = values[index]
      var slot = index
      while slot > 0 && values[slot - 1] > value {
        values[slot] = values[slot - 1]
        slot -= 1
      }
      values[slot] = value
    }
    return values[count / 2]
  }
}
