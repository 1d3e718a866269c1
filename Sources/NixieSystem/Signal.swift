/// The signals nixie takes as events, through a `SignalDescriptor`. The raw values are Linux's
/// numbers, the same on every architecture nixie runs on.
public enum Signal: Int32, Hashable, Sendable, CaseIterable {
  /// SIGHUP: the clock reloads its configuration.
  case hangUp = 1
  /// SIGINT: Ctrl-C.
  case interrupt = 2
  /// SIGTERM: systemd's stop.
  case terminate = 15

  /// `SIGTERM`, for messages.
  public var name: String {
    switch self {
    case .hangUp: "SIGHUP"
    case .interrupt: "SIGINT"
    case .terminate: "SIGTERM"
    }
  }
}
