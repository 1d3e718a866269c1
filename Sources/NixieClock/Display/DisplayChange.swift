/// Why the clock puts a new picture on the tubes, which is what decides how it gets there.
public enum DisplayChange: Hashable, Sendable {
  /// A new time, date or control-socket value: change with this transition.
  case value(ClockTransition)
  /// The unsynchronised indicator switched the separators: at once, no fade.
  case blink
  /// Only the brightness changed (night mode began or ended): ramp to it.
  case brightness
  /// A step of an anti-poisoning run (the state is the walk's picture): the engine may run
  /// its slot effect instead, until the run's end.
  case antiPoisoning(AntiPoisoningRun)
}
