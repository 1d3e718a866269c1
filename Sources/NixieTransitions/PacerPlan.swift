import NixieDisplay

/// What every pacer (`FramePacer`, `MultiplexPacer`, `LevelPacer`) keeps of the requests it
/// took, written once: the timeline and brightness it plays, and whether anything is left to
/// write. `TimelinePacer` reads it out; when each period, slot or step falls stays the pacer's.
public struct PacerPlan: Sendable {
  /// The transition being shown (or the steady state it ended in).
  public internal(set) var timeline: FadeTimeline
  /// Scales every duty, 0…1.
  public internal(set) var brightness: Double = 1
  /// Whether nothing is left to write until the next request.
  public internal(set) var isIdle = true
  /// Whether the period, slot or step being played is at or after the end of the transition
  /// (false from a request until the pacer gets there).
  public internal(set) var isSettled = true
  /// Whether the tubes may not show the latest write: it failed, so the next step writes what
  /// is due even if it is the same.
  var inDoubt = false

  /// The plan of tubes that show `state` and have nothing to do.
  init(showing state: DisplayState) {
    timeline = .steady(state)
  }

  /// Takes a request's `timeline` and `brightness`. True when the pacer was idle: its periods,
  /// slots or steps start again from the request.
  mutating func accept(_ timeline: FadeTimeline, brightness: Double) -> Bool {
    self.timeline = timeline
    self.brightness = brightness
    isSettled = false
    return wake()
  }

  /// Notes that the latest write failed. True when the pacer was idle, as for `accept`.
  mutating func writeFailed() -> Bool {
    inDoubt = true
    return wake()
  }

  private mutating func wake() -> Bool {
    guard isIdle else { return false }
    isIdle = false
    return true
  }
}
