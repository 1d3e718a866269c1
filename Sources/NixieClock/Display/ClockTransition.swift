/// How a new value replaces the old one on the tubes (`--transition`, the configuration's
/// `transition.style`, a control request's `transition`): the transition engine's effects.
public enum ClockTransition: String, Hashable, Sendable, CaseIterable {
  /// At once.
  case none
  /// The old digit dissolves into the new one.
  case crossfade
  /// The old digit fades out, then the new one fades in.
  case fade
  /// The digits spin through their cathodes and land on the new value.
  case slot
}
