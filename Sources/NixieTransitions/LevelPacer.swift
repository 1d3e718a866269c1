import NixieDisplay

/// The pacing of modules that dim each output themselves (exixe: 128 levels) as a step
/// function of time: no PWM frames, only the duties of every cathode, sent every `stepPeriod`
/// while something changes.
///
/// During a transition each step samples the timeline (the same cross-fade, fade and slot
/// machine as on a PWM board) and scales it by the brightness; the modules' own PWM shows it.
/// With a fade of 500 ms and steps of 20 ms that is 25 steps, each several of the modules'
/// 200 Hz periods long, and consecutive steps differ by a few of their 128 levels, so the fade
/// reads as smooth. Once the transition is over and the last duties are out, `next` says
/// `.idle` — whatever the brightness, since the modules hold it.
public struct LevelPacer: TimelinePacer, Sendable {
  public let layout: DisplayLayout
  /// Nanoseconds between two steps of a transition.
  public let stepPeriod: UInt64
  public private(set) var plan: PacerPlan
  /// The duties of the latest `.write` step.
  public private(set) var duties: CathodeDuties

  private var nextTime: UInt64 = 0
  /// The deadline of the step before, nil before the first step after a wake-up.
  private var previousDeadline: UInt64?

  /// The default step: 20 ms, 50 steps a second.
  public static let defaultStepPeriod: UInt64 = 20_000_000

  /// A pacer for `layout` whose modules show `state` (dark after a driver's `start()`).
  public init(
    layout: DisplayLayout, stepPeriod: UInt64 = defaultStepPeriod, showing state: DisplayState? = nil
  ) {
    self.layout = layout
    self.stepPeriod = max(stepPeriod, 1_000_000)
    let state = state ?? layout.blank
    plan = PacerPlan(showing: state)
    duties = CathodeDuties(state, layout: layout)
  }

  /// The frame the modules show at full brightness once the transition is over, as on/off.
  public var frame: DisplayState { plan.timeline.target }

  /// A request starts now: the next step samples it.
  public func requestStart(at now: UInt64) -> UInt64 { now }

  public mutating func accept(timeline: FadeTimeline, brightness: Double, at now: UInt64) {
    if plan.accept(timeline, brightness: brightness) { restart(at: now) }
  }

  /// The write of `duties` failed: the next step writes again.
  public mutating func frameWasNotWritten(at now: UInt64) {
    plan.isSettled = false
    if plan.writeFailed() { restart(at: now) }
  }

  /// The next duties to write and their deadline, or `.idle`. After a stall the step due now
  /// is written, not the ones missed; the last step of a transition falls on its end.
  public mutating func next(now: UInt64) -> FramePacer.Step {
    while !plan.isIdle {
      if nextTime + stepPeriod <= now { nextTime += (now - nextTime) / stepPeriod * stepPeriod }
      var deadline = nextTime
      if let previous = previousDeadline, previous < plan.timeline.end, deadline > plan.timeline.end {
        deadline = plan.timeline.end
      }
      previousDeadline = deadline
      nextTime = deadline + stepPeriod
      var next = plan.timeline.duties(at: deadline, layout: layout)
      if plan.brightness < 1 {
        for position in next.duties.indices {
          for cathode in next.duties[position].indices { next.duties[position][cathode] *= plan.brightness }
        }
      }
      if deadline >= plan.timeline.end {
        plan.isSettled = true
        plan.isIdle = true
      }
      if next == duties && !plan.inDoubt { continue }
      plan.inDoubt = false
      duties = next
      return .write(deadline: deadline)
    }
    return .idle
  }

  /// Steps count again from `now`, the moment the pacer woke.
  private mutating func restart(at now: UInt64) {
    nextTime = now
    previousDeadline = nil
  }
}
