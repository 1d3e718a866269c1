/// Whether the system clock is synchronised (by NTP, chrony, systemd-timesyncd), from the
/// kernel's point of view.
public enum ClockSynchronisation: Hashable, Sendable {
  case synchronised
  case unsynchronised
  /// The kernel would not say (the call failed): treated as synchronised, and logged.
  case unknown(SystemCallError)
}
