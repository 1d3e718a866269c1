import NixieCore

/// The seam between the clock and the tubes: the clock says what to show, how bright, and
/// why it changed; the implementation decides how it gets there. Phase 1 writes frames
/// directly (`DirectClockDisplay`); the transition engine implements it with cross-fades,
/// the slot effect and PWM brightness on its own frame thread.
///
/// Calls come from the daemon loop's thread, one at a time, and must not block for long:
/// an implementation that animates does so on its own thread and returns at once.
public protocol ClockDisplay: AnyObject {
  /// Moves the tubes to `state` at `brightness` (0…1), the way `change` calls for.
  func show(_ state: DisplayState, brightness: Double, change: DisplayChange) throws
  /// Turns every tube off (shutdown); the display may be shown again afterwards.
  func blank() throws
}
