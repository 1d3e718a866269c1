/// How an anti-poisoning run shares its time among a tube's cathodes (`anti-poisoning: mode:`).
public enum AntiPoisoningMode: String, CaseIterable, Hashable, Sendable {
  /// Every cathode in turn for the same time: the slot machine of every clock firmware.
  case even
  /// Each cathode in proportion to how far it lags the tube's most used one, from the wear the
  /// clock counts; a tube whose cathodes have glowed alike spins evenly.
  case aimed
}
