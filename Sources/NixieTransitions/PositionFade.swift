import NixieDisplay

/// What one display position does during a transition.
public enum PositionFade: Hashable, Sendable {
  /// The position shows these cathodes, untouched by the transition.
  case steady(CathodeSet)
  /// Each listed cathode's duty follows its ramp. Main cathodes take their turns in each PWM
  /// period in list order (the incoming ones first); unlisted cathodes are dark.
  case ramps([CathodeRamp])
  /// The slot-machine run of a tube.
  case spin(SlotSpin)
  /// The anti-poisoning run of a tube aimed at its lagging cathodes.
  case aimedSpin(AimedSpin)

  /// When the position stops changing.
  func end(after start: UInt64) -> UInt64 {
    switch self {
    case .steady: start
    case .ramps(let ramps): ramps.reduce(start) { max($0, $1.end) }
    case .spin(let spin): spin.end
    case .aimedSpin(let spin): spin.end
    }
  }
}
