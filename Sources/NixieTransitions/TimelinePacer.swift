import NixieDisplay

/// The requests every pacer takes, whatever its pacing — a transition to a state, the slot
/// machine, a new brightness — written once. A pacer says when a request made at `now` starts
/// (`requestStart`: its next period, slot or step) and takes the new plan (`accept`: the
/// timeline and brightness to play, from then on); what it writes and when stays its own.
public protocol TimelinePacer {
  var layout: DisplayLayout { get }
  /// What the requests asked for, and whether anything is left to write.
  var plan: PacerPlan { get }
  /// When a request made at `now` takes effect.
  func requestStart(at now: UInt64) -> UInt64
  /// Plays `timeline` at `brightness` from a request made at `now` (called by the requests
  /// below; anything else calls those).
  mutating func accept(timeline: FadeTimeline, brightness: Double, at now: UInt64)
}

extension TimelinePacer {
  /// The transition being shown (or the steady state it ended in).
  public var timeline: FadeTimeline { plan.timeline }
  /// Scales every duty, 0…1.
  public var brightness: Double { plan.brightness }
  /// Whether nothing is left to write until the next request.
  public var isIdle: Bool { plan.isIdle }
  /// Whether the period, slot or step being played is at or after the end of the transition.
  public var isSettled: Bool { plan.isSettled }

  /// Starts a transition to `state` when a request made at `now` starts, from the duties the
  /// tubes have then. Returns when it will be over.
  @discardableResult
  public mutating func show(_ state: DisplayState, transition: TransitionSpec, at now: UInt64) -> UInt64 {
    let next = timeline.continued(
      to: state, layout: layout, transition: transition, at: requestStart(at: now))
    accept(timeline: next, brightness: brightness, at: now)
    return next.end
  }

  /// Runs the slot machine on every tube, then lands on `state` (see
  /// `TransitionPlanner.cycle`): the anti-poisoning routine, aimed by `wear` when given.
  /// Returns when it will be over.
  @discardableResult
  public mutating func cycle(
    to state: DisplayState, duration: UInt64, laps: Int = 1, curve: FadeCurve = .perceptual,
    wear: CathodeWear? = nil, at now: UInt64
  ) -> UInt64 {
    let next = timeline.cycled(
      to: state, layout: layout, duration: duration, laps: laps, curve: curve, wear: wear,
      at: requestStart(at: now))
    accept(timeline: next, brightness: brightness, at: now)
    return next.end
  }

  /// Sets the global brightness (clamped to 0…1) from the next period, slot or step on.
  public mutating func setBrightness(_ value: Double, at now: UInt64) {
    let value = min(max(value, 0), 1)
    guard value != brightness else { return }
    accept(timeline: timeline, brightness: value, at: now)
  }
}
