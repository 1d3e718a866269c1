import NixieDisplay

/// A transition planned out: what every position does from `start`, until all are steady at `end`.
public struct FadeTimeline: Hashable, Sendable {
  /// One entry per display position.
  public let positions: [PositionFade]
  /// The state the display shows from `end` on.
  public let target: DisplayState
  public let start: UInt64
  public let end: UInt64

  public init(positions: [PositionFade], target: DisplayState, start: UInt64) {
    self.positions = positions
    self.target = target
    self.start = start
    self.end = positions.reduce(start) { max($0, $1.end(after: start)) }
  }

  /// A display showing `state` with nothing changing.
  public static func steady(_ state: DisplayState, at time: UInt64 = 0) -> FadeTimeline {
    FadeTimeline(positions: state.lit.map { .steady($0) }, target: state, start: time)
  }

  /// The duty of every cathode at `time`: the starting point of a transition planned then.
  /// A spinning tube shows its current cathode at full duty.
  public func duties(at time: UInt64, layout: DisplayLayout) -> CathodeDuties {
    var duties = CathodeDuties(layout: layout)
    for (index, fade) in positions.enumerated() where index < duties.duties.count {
      switch fade {
      case .steady(let lit):
        for cathode in lit.indices { duties[index, cathode] = 1 }
      case .ramps(let ramps):
        for ramp in ramps { duties[index, ramp.cathode] = ramp.duty(at: time) }
      case .spin(let spin):
        Self.light(spin, at: time, position: index, in: &duties)
      case .aimedSpin(let spin):
        Self.light(spin, at: time, position: index, in: &duties)
      }
    }
    return duties
  }

  /// A spinning tube's cathode at `time` at full duty, or its landing once landed.
  private static func light(
    _ spin: some CathodeSpin, at time: UInt64, position: Int, in duties: inout CathodeDuties
  ) {
    if let cathode = spin.cathode(at: time) {
      duties[position, cathode] = 1
    } else {
      for cathode in spin.landing.indices { duties[position, cathode] = 1 }
    }
  }

  /// A transition to `state` that starts at `start` from what this timeline shows then —
  /// mid-fade or not, without a jump. Every pacer retargets this way.
  public func continued(
    to state: DisplayState, layout: DisplayLayout, transition: TransitionSpec, at start: UInt64
  ) -> FadeTimeline {
    TransitionPlanner.plan(
      from: duties(at: start, layout: layout), to: state, layout: layout, transition: transition, at: start)
  }

  /// The slot machine on every tube from what this timeline shows at `start`, landing on
  /// `state` (`TransitionPlanner.cycle`): the anti-poisoning routine, aimed by `wear` when given.
  public func cycled(
    to state: DisplayState, layout: DisplayLayout, duration: UInt64, laps: Int, curve: FadeCurve,
    wear: CathodeWear? = nil, at start: UInt64
  ) -> FadeTimeline {
    TransitionPlanner.cycle(
      from: duties(at: start, layout: layout), to: state, layout: layout, duration: duration, laps: laps,
      curve: curve, wear: wear, at: start)
  }
}
