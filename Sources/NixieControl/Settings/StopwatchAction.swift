/// What `nixie send --stopwatch`, the knob's gesture or a page asks of the stopwatch.
public enum StopwatchAction: String, Hashable, Sendable, CaseIterable {
  /// Runs it (shown from now on), on from where it stood.
  case start
  /// Holds it where it stands (still shown).
  case stop
  /// Back to zero and away: the clock again.
  case reset
}
