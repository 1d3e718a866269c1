import NixieBoardModel
import NixieDisplay

/// The pacing of a multiplexed board's frames as a step function of time: a scan of the anode
/// groups, one at a time, with PWM inside each group's visit.
///
/// Time is cut into slots of `MultiplexWiring.slotNanoseconds`; slot i lights group i mod G.
/// Each slot starts with an all-dark frame for `blankNanoseconds` (every anode off while the
/// cathodes change, against ghosting), then plays the PWM slices of the timeline rendered for
/// the slot — cross-fades and dimming work inside the scan exactly as on a direct-drive board,
/// at the scan's rate — each frame showing only the group's positions and those lit in every
/// group (`OutputMap.PositionWiring.group` nil). A frame equal to the one last written is
/// skipped. The scan never idles while anything is lit; a dark display settles to `.idle`.
///
/// Like `FramePacer`, storage is allocated up front and stepping allocates nothing; tests drive
/// it with an injected clock.
public struct MultiplexPacer: TimelinePacer, Sendable {
  public let layout: DisplayLayout
  public let wiring: MultiplexWiring
  /// The group of each position, nil for positions lit in every group.
  public let groups: [Int?]
  public private(set) var plan: PacerPlan
  /// The frame of the latest `.write` step.
  public private(set) var frame: DisplayState

  private var renderer: FrameRenderer
  private let slot: UInt64
  private let blankTime: UInt64
  private var slotStart: UInt64 = 0
  private var slotIndex = 0
  /// -1: the slot's dark gap is next; 0…: the next slice.
  private var nextSlice = -1
  private var rendered = false
  private var scratch: DisplayState

  /// A pacer for `layout` scanned as `wiring` says, `groups` giving each position's group,
  /// whose tubes show `state` (dark after a driver's `start()`). `levels` is the number of duty
  /// steps in a slot.
  public init(
    layout: DisplayLayout, wiring: MultiplexWiring, groups: [Int?], levels: Int = 64,
    showing state: DisplayState? = nil
  ) {
    self.layout = layout
    self.wiring = wiring
    self.groups = (0..<layout.count).map { $0 < groups.count ? groups[$0] : nil }
    slot = max(wiring.slotNanoseconds, 2)
    blankTime = min(wiring.blankNanoseconds, slot / 2)
    let state = state ?? layout.blank
    plan = PacerPlan(showing: state)
    frame = state
    scratch = state
    renderer = FrameRenderer(layout: layout, settings: PWMSettings(period: slot - blankTime, levels: levels))
  }

  /// A request starts at the next slot (at `now` when idle).
  public func requestStart(at now: UInt64) -> UInt64 {
    plan.isIdle ? now : max(slotStart + slot, now)
  }

  public mutating func accept(timeline: FadeTimeline, brightness: Double, at now: UInt64) {
    if plan.accept(timeline, brightness: brightness) { restart(at: now) }
  }

  /// The write of `frame` failed: the next step writes what is due even if it equals `frame`.
  public mutating func frameWasNotWritten(at now: UInt64) {
    if plan.writeFailed() { restart(at: now) }
  }

  /// The next frame to write and its deadline, or `.idle`. Steps whose time has wholly passed
  /// (after a stall) are skipped.
  public mutating func next(now: UInt64) -> FramePacer.Step {
    while !plan.isIdle {
      if !rendered || nextSlice >= renderer.slices.count { startSlot(now: now) }
      let index = nextSlice
      nextSlice += 1
      let deadline: UInt64
      let end: UInt64
      if index < 0 {
        deadline = slotStart
        end = slotStart + blankTime
        for position in 0..<layout.count { scratch.lit[position] = .none }
      } else {
        deadline = litTime(renderer.slices.offsets[index])
        end =
          index + 1 < renderer.slices.count ? litTime(renderer.slices.offsets[index + 1]) : slotStart + slot
        let group = slotIndex % max(1, wiring.groupCount)
        for position in 0..<layout.count {
          let shown = groups[position] == nil || groups[position] == group
          scratch.lit[position] = shown ? renderer.slices.frames[index].lit[position] : .none
        }
      }
      let staysDark = plan.isSettled && (plan.timeline.target.isDark || plan.brightness == 0)
      if staysDark && scratch.isDark {
        plan.isIdle = true
        rendered = false
        if frame.isDark && !plan.inDoubt { return .idle }
      } else if end <= now {
        continue
      }
      if scratch == frame && !plan.inDoubt { continue }
      plan.inDoubt = false
      for position in 0..<layout.count { frame.lit[position] = scratch.lit[position] }
      return .write(deadline: deadline)
    }
    return .idle
  }

  /// Where an offset of the rendered period falls in the slot being played.
  private func litTime(_ offset: UInt64) -> UInt64 {
    let period = renderer.settings.period
    let span = slot - blankTime
    return slotStart + blankTime + (period == span ? offset : offset * span / max(period, 1))
  }

  private mutating func startSlot(now: UInt64) {
    if rendered {
      slotStart += slot
      slotIndex += 1
    }
    if now >= slotStart + slot {
      let skipped = (now - slotStart) / slot
      slotStart += skipped * slot
      slotIndex += Int(truncatingIfNeeded: skipped % UInt64(max(1, wiring.groupCount)))
    }
    slotIndex %= max(1, wiring.groupCount)
    renderer.render(plan.timeline, periodStart: slotStart + blankTime, brightness: plan.brightness)
    rendered = true
    nextSlice = -1
    plan.isSettled = slotStart >= plan.timeline.end
  }

  /// Slots count again from `now`, the moment the pacer woke.
  private mutating func restart(at now: UInt64) {
    rendered = false
    slotStart = now
    slotIndex = 0
  }
}
