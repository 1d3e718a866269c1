import NixieDisplay

/// Plans a transition: from what the tubes show now to a new state, as per-position fades.
///
/// The starting point is the duty of every cathode at the start time, not the previous target,
/// so a new state arriving mid-fade carries on from what is on the glass, without a jump.
/// Positions that already show their part of the new state steadily are not touched.
public enum TransitionPlanner {
  /// Steps the next tube to the right spins longer than its left neighbour in `slot`.
  public static let slotStagger = 2
  /// The shortest time a slot machine shows each cathode.
  public static let minimumSlotStep: UInt64 = 1_000_000

  /// The timeline from `current` (the duties at `start`) to `target`.
  public static func plan(
    from current: CathodeDuties, to target: DisplayState, layout: DisplayLayout,
    transition: TransitionSpec, at start: UInt64
  ) -> FadeTimeline {
    var planner = Planner(current: current, target: target, layout: layout, start: start, spec: transition)
    return planner.timeline(spinEveryTube: false, laps: 1)
  }

  /// The longest a cathode of an aimed run is shown at a time, in the run's steps: a laggard
  /// gets most of the run, in showings short enough that the tube still spins.
  public static let aimedHoldSteps: UInt64 = 5

  /// The slot machine on every tube, changed or not — the anti-poisoning routine: each tube
  /// runs through every wired main cathode in depth order for `duration` (`laps` times, each
  /// cathode a step), the next tube to the right `slotStagger` steps longer, then lands on
  /// `target`. Separators cross-fade. With `wear` (what each cathode has glowed, fitting
  /// `layout`) the run is aimed: each tube's `AimedSpin`, its cathodes lit in proportion to how
  /// far they lag its most used one, never for more than `aimedHoldSteps` steps at a time.
  public static func cycle(
    from current: CathodeDuties, to target: DisplayState, layout: DisplayLayout,
    duration: UInt64, laps: Int = 1, curve: FadeCurve = .perceptual, wear: CathodeWear? = nil,
    at start: UInt64
  ) -> FadeTimeline {
    var planner = Planner(
      current: current, target: target, layout: layout, start: start,
      spec: TransitionSpec(.slot, duration: duration, curve: curve))
    planner.wear = wear.flatMap { $0.fits(layout) ? $0 : nil }
    return planner.timeline(spinEveryTube: true, laps: max(laps, 1))
  }

  private struct Planner {
    let current: CathodeDuties
    let target: DisplayState
    let layout: DisplayLayout
    let start: UInt64
    let spec: TransitionSpec
    /// What each cathode has glowed, for an aimed run.
    var wear: CathodeWear?
    var spinning = 0

    init(
      current: CathodeDuties, target: DisplayState, layout: DisplayLayout, start: UInt64, spec: TransitionSpec
    ) {
      self.current = current
      self.target = target
      self.layout = layout
      self.start = start
      self.spec = spec
    }

    mutating func timeline(spinEveryTube: Bool, laps: Int) -> FadeTimeline {
      var fades: [PositionFade] = []
      for (index, position) in layout.positions.enumerated() {
        let lit = index < target.lit.count ? target.lit[index] : .none
        let order = position.isTube ? position.model.depthOrder.compactMap(position.wiredIndex(of:)) : []
        let spins = spec.kind == .slot && !order.isEmpty
        if current.shows(lit, at: index) && !(spinEveryTube && spins) {
          fades.append(.steady(lit))
          continue
        }
        let end = start + spec.duration
        switch spec.kind {
        case _ where spec.duration == 0 || spec.kind == .none:
          fades.append(.steady(lit))
        case .fade:
          let middle = start + spec.duration / 2
          fades.append(.ramps(ramps(index, lit, falling: (start, middle), rising: (middle, end))))
        case .slot where spins:
          if let wear {
            fades.append(.aimedSpin(aimedSpin(lit, order: order, laps: laps, wear: wear.times(at: index))))
          } else {
            fades.append(.spin(spin(lit, order: order, laps: laps)))
          }
          spinning += 1
        default:
          fades.append(.ramps(ramps(index, lit, falling: (start, end), rising: (start, end))))
        }
      }
      return FadeTimeline(positions: fades, target: target, start: start)
    }

    /// Every cathode that is or will be lit, moving from its duty now to 0 or 1: the rising
    /// ones first, so each period starts with the incoming cathode, then the ones that stay,
    /// then the outgoing ones; whatever is left of the period is dark. (A slice that starts a
    /// period never straddles the boundary to the next, however long a frame takes to send.)
    private func ramps(
      _ index: Int, _ lit: CathodeSet, falling: (UInt64, UInt64), rising: (UInt64, UInt64)
    ) -> [CathodeRamp] {
      let model = layout.positions[index].model
      let main = model.mainCathodes
      var falls: [CathodeRamp] = []
      var holds: [CathodeRamp] = []
      var rises: [CathodeRamp] = []
      for cathode in model.cathodes.indices {
        let from = current[index, cathode]
        let to: Double = lit.contains(cathode) ? 1 : 0
        if from == 0 && to == 0 { continue }
        let isMain = main.contains(cathode)
        if to < from {
          falls.append(
            CathodeRamp(
              cathode: cathode, isMain: isMain, from: from, to: to, start: falling.0, end: falling.1,
              curve: spec.curve))
        } else if to > from {
          rises.append(
            CathodeRamp(
              cathode: cathode, isMain: isMain, from: from, to: to, start: rising.0, end: rising.1,
              curve: spec.curve))
        } else {
          holds.append(
            CathodeRamp(
              cathode: cathode, isMain: isMain, from: from, to: to, start: start, end: start,
              curve: spec.curve))
        }
      }
      return rises + holds + falls
    }

    /// A tube's run: at least `laps` full turns of `order`, two more steps for each spinning
    /// tube to its left, ending on the landing cathode.
    private func spin(_ lit: CathodeSet, order: [Int], laps: Int) -> SlotSpin {
      let count = order.count
      let (steps, step) = stepping(laps: laps, count: count)
      var offset = 0
      if let landing = order.firstIndex(where: lit.contains) {
        offset = ((landing - steps) % count + count) % count
      }
      return SlotSpin(order: order, offset: offset, start: start, step: step, steps: steps, landing: lit)
    }

    /// A spinning tube's steps and their length: `laps` turns of its `count` cathodes in the
    /// run's duration, and `slotStagger` more for each spinning tube to its left.
    private func stepping(laps: Int, count: Int) -> (steps: Int, step: UInt64) {
      let step = max(spec.duration / UInt64(laps * count), TransitionPlanner.minimumSlotStep)
      return (laps * count + spinning * TransitionPlanner.slotStagger, step)
    }

    /// A tube's aimed run: as long as its `spin` would be, each lap starting on the landing
    /// cathode so that the last lap ends just before it, as a slot machine lands.
    private func aimedSpin(_ lit: CathodeSet, order: [Int], laps: Int, wear: [UInt64]) -> AimedSpin {
      let (steps, step) = stepping(laps: laps, count: order.count)
      let (duration, over) = step.multipliedReportingOverflow(by: UInt64(steps))
      let (hold, long) = step.multipliedReportingOverflow(by: TransitionPlanner.aimedHoldSteps)
      return AimedSpin(
        order: order, wear: wear, offset: order.firstIndex(where: lit.contains) ?? 0, start: start,
        duration: over ? .max : duration, landing: lit, maximumHold: long ? .max : hold)
    }
  }
}
