import NixieDisplay
import NixieTransitions

/// The seam between the clock and the tubes: the clock says what to show, how bright, and
/// why it changed; the implementation decides how it gets there. `TransitionClockDisplay`
/// does it with the transition engine — cross-fades, the slot machine, PWM brightness — on
/// the frame scheduler's thread; tests record the calls.
///
/// Calls come from the daemon loop's thread, one at a time, and must not block for long:
/// an implementation that animates does so on its own thread and returns at once.
public protocol ClockDisplay: AnyObject {
  /// Moves the tubes to `state` at `brightness` (0…1), the way `change` calls for.
  func show(_ state: DisplayState, brightness: Double, change: DisplayChange) throws
  /// Turns every tube off (shutdown); the display may be shown again afterwards.
  func blank() throws
  /// Plays `program` on the backlight (boards with one).
  func setBacklight(_ program: BacklightProgram) throws
}

extension ClockDisplay {
  /// A display without a backlight ignores it.
  public func setBacklight(_ program: BacklightProgram) throws {}
}
