/// How a new value replaces the old one on the tubes (`--transition`). Phase 1 accepts the
/// names; the transition engine gives them their motion.
public enum ClockTransition: String, Hashable, Sendable, CaseIterable {
  /// At once.
  case none
  /// The old digit fades out as the new one fades in.
  case crossfade
  /// The digits spin through their cathodes and land on the new value.
  case slot
}
