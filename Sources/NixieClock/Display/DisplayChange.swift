import NixieClockSettings
import NixieTransitions

/// Why the clock puts a new picture on the tubes, which is what decides how it gets there.
public enum DisplayChange: Hashable, Sendable {
  /// A new time, date or control-socket value: change with this transition.
  case value(TransitionSpec.Kind)
  /// The unsynchronised indicator switched the separators: at once, no fade.
  case blink
  /// Only the brightness changed (night mode began or ended): ramp to it.
  case brightness
  /// An anti-poisoning run begins (or its landing changed): the slot machine runs every
  /// cathode of every tube until the run's end, landing on the state (the face at the end).
  case antiPoisoning(AntiPoisoningRun)
}
