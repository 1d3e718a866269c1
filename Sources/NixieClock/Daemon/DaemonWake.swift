import NixieSystem

/// Why a daemon clock's wait ended.
public enum DaemonWake: Hashable, Sendable {
  /// The deadline passed.
  case deadline
  /// The wall clock was stepped (NTP, `date -s`): re-align at once.
  case clockStepped
  /// Another thread posted work (a control-socket request).
  case woken
  /// A signal arrived (SIGTERM, SIGINT, SIGHUP).
  case signal(Signal)
}
