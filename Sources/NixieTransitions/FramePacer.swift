import NixieDisplay

/// The pacing of PWM frames as a step function of time: which frame to write next, and when.
///
/// The frame scheduler's thread asks `next(now:)` for a step, sleeps until its deadline and
/// writes `frame`; tests drive the same steps with a manual clock. Periods follow each other
/// back to back from the moment a transition is requested. A frame equal to the one last
/// written is skipped, and when the display is steady at full brightness — a single frame
/// for the whole period and nothing left to fade — `next` says `.idle`, so the caller can
/// sleep until the next request instead of polling. Below full brightness the display never
/// idles: every period has a dark part.
///
/// Storage is allocated up front; stepping through a fade allocates nothing (a new request
/// does, to plan its timeline). `frame` shares storage with the pacer: drop it before the next
/// step, or that step copies.
public struct FramePacer: TimelinePacer, Sendable {
  /// What to do next.
  public enum Step: Hashable, Sendable {
    /// Write `frame` at `deadline` (monotonic nanoseconds).
    case write(deadline: UInt64)
    /// Nothing changes until the next request.
    case idle
  }

  public let layout: DisplayLayout
  /// The period and its steps; `refit` changes them.
  public private(set) var settings: PWMSettings
  public private(set) var plan: PacerPlan
  /// The frame of the latest `.write` step: what the tubes show once it is written.
  public private(set) var frame: DisplayState

  private var renderer: FrameRenderer
  private var periodStart: UInt64 = 0
  private var nextSlice = 0
  private var rendered = false

  /// A pacer for `layout`, whose tubes show `state` (dark, after a driver's `start()`).
  public init(
    layout: DisplayLayout, settings: PWMSettings = PWMSettings(), showing state: DisplayState? = nil
  ) {
    self.layout = layout
    self.settings = settings
    let state = state ?? layout.blank
    plan = PacerPlan(showing: state)
    frame = state
    renderer = FrameRenderer(layout: layout, settings: settings)
  }

  /// The slices of the period being played.
  public var slices: PWMSlices { renderer.slices }

  /// A request starts at the next period boundary (at `now` when idle).
  public func requestStart(at now: UInt64) -> UInt64 {
    plan.isIdle ? now : max(periodStart + settings.period, now)
  }

  public mutating func accept(timeline: FadeTimeline, brightness: Double, at now: UInt64) {
    if plan.accept(timeline, brightness: brightness) { restart(at: now) }
  }

  /// The write of `frame` failed, so the tubes show something unknown: from `now` on, the
  /// next step writes what is due even if it is the same frame (a settled display wakes up
  /// to write it once more).
  public mutating func frameWasNotWritten(at now: UInt64) {
    if plan.writeFailed() { restart(at: now) }
  }

  /// Plays on in `settings` from `now`: the same timeline and brightness, periods counted
  /// again from `now` (the frame thread fits its PWM to the board's write time, issue 34 §2).
  public mutating func refit(_ settings: PWMSettings, at now: UInt64) {
    guard settings != self.settings else { return }
    self.settings = settings
    renderer = FrameRenderer(layout: layout, settings: settings)
    restart(at: now)
  }

  /// The next frame to write and its deadline, or `.idle`. `now` lets the pacer skip slices
  /// whose time has wholly passed (after a stall) instead of replaying them late.
  public mutating func next(now: UInt64) -> Step {
    while !plan.isIdle {
      if !rendered || nextSlice >= renderer.slices.count {
        startPeriod(now: now)
      }
      let index = nextSlice
      nextSlice += 1
      let final = plan.isSettled && renderer.slices.count == 1
      if final {
        plan.isIdle = true
        rendered = false
      } else if periodStart + sliceEnd(index) <= now {
        continue
      }
      if renderer.slices.frames[index] == frame && !plan.inDoubt { continue }
      plan.inDoubt = false
      for position in 0..<layout.count { frame.lit[position] = renderer.slices.frames[index].lit[position] }
      return .write(deadline: periodStart + renderer.slices.offsets[index])
    }
    return .idle
  }

  private mutating func startPeriod(now: UInt64) {
    let period = settings.period
    if rendered { periodStart += period }
    if now >= periodStart + period { periodStart += (now - periodStart) / period * period }
    renderer.render(plan.timeline, periodStart: periodStart, brightness: plan.brightness)
    rendered = true
    nextSlice = 0
    plan.isSettled = periodStart >= plan.timeline.end
  }

  /// Where slice `index` of the period being played ends, from the period's start.
  private func sliceEnd(_ index: Int) -> UInt64 {
    index + 1 < renderer.slices.count ? renderer.slices.offsets[index + 1] : settings.period
  }

  /// Periods count again from `now`, the moment the pacer woke.
  private mutating func restart(at now: UInt64) {
    rendered = false
    periodStart = now
  }
}
