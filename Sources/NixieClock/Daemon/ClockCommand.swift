import NixieCore

/// Work for the daemon loop from other threads (the control socket).
public enum ClockCommand: Hashable, Sendable {
  /// Show `state` for `seconds`, arriving with `transition`, then go back to the clock.
  case show(DisplayState, seconds: Double, transition: ClockTransition)
  /// Go back to the clock now.
  case clear
}
