/// What a press, `nixie send --alarm`, the web page or Home Assistant asks of the alarms.
public enum AlarmAction: String, Hashable, Sendable, CaseIterable {
  /// A ringing alarm goes quiet for its `snooze`, then rings again.
  case snooze
  /// A ringing or snoozed alarm ends.
  case stop
  /// The next ring of the soonest alarm does not happen (the ones after it do).
  case skipNext = "skip-next"
}
