import NixieControl

/// The stopwatch as the daemon's loop keeps it: running since a monotonic instant, with the
/// time banked by earlier runs; shown from its first start until a reset. A value the loop
/// owns; times are its monotonic nanoseconds.
struct ClockStopwatch: Hashable, Sendable {
  /// When the run going on started; nil: stopped.
  private(set) var runningSince: UInt64?
  /// The time of the runs before it.
  private(set) var banked: UInt64 = 0
  /// Shown instead of the faces (started since the last reset).
  private(set) var isShown = false

  /// The display changes every hundredth while it runs.
  static let tick: UInt64 = 10_000_000

  /// `action` at `now`: whether it changed anything.
  mutating func apply(_ action: StopwatchAction, at now: UInt64) -> Bool {
    switch action {
    case .start:
      guard runningSince == nil else { return false }
      runningSince = now
      isShown = true
    case .stop:
      guard let since = runningSince else { return false }
      banked = banked &+ (now &- min(now, since))
      runningSince = nil
    case .reset:
      guard isShown else { return false }
      self = ClockStopwatch()
    }
    return true
  }

  /// The time it shows at `now`.
  func elapsed(at now: UInt64) -> UInt64 {
    guard let since = runningSince else { return banked }
    return banked &+ (now &- min(now, since))
  }

  /// When the shown hundredth next changes, while it runs.
  func nextTick(after now: UInt64) -> UInt64? {
    guard runningSince != nil else { return nil }
    let elapsed = elapsed(at: now)
    return now &+ (Self.tick - elapsed % Self.tick)
  }
}
