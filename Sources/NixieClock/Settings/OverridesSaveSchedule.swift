import NixieCore

/// When settings changed over the control socket are written to the overrides file, and when
/// the daemon says so in its log: the SD card of a Raspberry Pi wears out by its writes, and a
/// slider dragged in Home Assistant, or an automation that moves the brightness every few
/// seconds, sends a change at every step.
///
/// A change is in force at once. It is written at once too when the file was not written in
/// the last `quiet` (5 s) — a lone change is on disk before it is answered, as ever — otherwise
/// it waits: a burst of changes is written `quiet` after its last change, and at the latest
/// `longest` (60 s) after its first unwritten one, so writes are at least `quiet` apart and
/// the last value is always the one written. A burst is logged once, when it is written (or,
/// written at once, when it is over). The clock writes what waits when it stops and before a
/// reload reads the file. Pure: time is given (monotonic nanoseconds).
struct OverridesSaveSchedule: Hashable, Sendable {
  /// How long after a burst's last change it is written, and the least time between two writes.
  static let quiet: UInt64 = 5_000_000_000
  /// The longest a change waits to be written while changes keep coming.
  static let longest: UInt64 = 60_000_000_000

  /// The changes since the last report.
  private(set) var burst: Burst?
  /// When the first change not yet written came; nil when every one is on disk.
  private(set) var unwrittenSince: UInt64?
  /// When the file was last written.
  private(set) var lastWrite: UInt64?
  /// Writing failed, and was said: said again only once it works.
  private(set) var failing = false

  /// Whether a change at `now` is written at once: nothing was written in the last `quiet`, and
  /// nothing waits (which the next due write takes, in order).
  func writesAtOnce(at now: UInt64) -> Bool {
    guard unwrittenSince == nil else { return false }
    guard let lastWrite else { return true }
    return now >= lastWrite && now - lastWrite >= Self.quiet
  }

  /// A change at `now`, written at once (`written`) or left to wait.
  mutating func changed(at now: UInt64, written: Bool) {
    if burst == nil {
      burst = Burst(at: now)
    } else {
      burst?.add(at: now)
    }
    if written {
      lastWrite = now
      unwrittenSince = nil
    } else if unwrittenSince == nil {
      unwrittenSince = now
    }
  }

  /// When something is due: a write of what waits, or the report of a burst written at once.
  var due: UInt64? {
    guard let burst else { return nil }
    guard let since = unwrittenSince else { return burst.over(quiet: Self.quiet, longest: .max) }
    return min(burst.over(quiet: Self.quiet, longest: .max), since + Self.longest)
  }

  /// The burst to report at `now` when it is due (or `force`: the clock stops, a reload comes),
  /// and whether its changes wait to be written; the schedule starts afresh.
  mutating func take(at now: UInt64, force: Bool = false) -> (burst: Burst, unwritten: Bool)? {
    guard let burst, let due, force || now >= due else { return nil }
    self.burst = nil
    return (burst, unwrittenSince != nil)
  }

  /// What was taken was written at `now`; true when writing had failed before.
  mutating func wrote(at now: UInt64) -> Bool {
    lastWrite = now
    unwrittenSince = nil
    defer { failing = false }
    return failing
  }

  /// What waits has nowhere to be written (a clock without an overrides file).
  mutating func dropUnwritten() { unwrittenSince = nil }

  /// Writing what was taken (`burst`) failed at `now`: it waits again and is tried `quiet`
  /// later; true the first time (a failure is said once, until writing works again).
  mutating func failed(_ taken: Burst, at now: UInt64) -> Bool {
    var again = taken
    again.add(at: now)
    burst = again
    unwrittenSince = now
    defer { failing = true }
    return !failing
  }
}
