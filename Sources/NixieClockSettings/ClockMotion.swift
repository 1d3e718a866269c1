import NixieTransitions

/// How the clock's changes move: the length and curve of its fades (`transition.fade-ms` and
/// `transition.curve`, `--fade-ms`, `--curve`). A reloaded configuration replaces it.
public struct ClockMotion: Hashable, Sendable {
  /// Nanoseconds a fade takes (for `slot`, one turn through a tube's cathodes).
  public var fade: UInt64
  public var curve: FadeCurve

  /// The default: 500 ms, perceptual.
  public init(fade: UInt64 = 500_000_000, curve: FadeCurve = .perceptual) {
    self.fade = fade
    self.curve = curve
  }

  /// The transition engine's description of `transition` with this length and curve.
  public func spec(_ transition: TransitionSpec.Kind) -> TransitionSpec {
    switch transition {
    case .none: .none
    case .crossfade: TransitionSpec(.crossfade, duration: fade, curve: curve)
    case .fade: TransitionSpec(.fade, duration: fade, curve: curve)
    case .slot: TransitionSpec(.slot, duration: fade, curve: curve)
    }
  }
}
