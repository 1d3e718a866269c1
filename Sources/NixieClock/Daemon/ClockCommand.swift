import NixieDisplay
import NixieRoom
import NixieTransitions

/// Work for the daemon loop from other threads: the control socket, the knob, the light
/// sensor's and the presence line's readers. Posted
/// through a `ClockInbox`.
public enum ClockCommand: Hashable, Sendable {
  /// Show `state` for `seconds`, arriving with `transition` (nil: the clock's configured one,
  /// as it is when the value is shown), then go back to the clock.
  case show(DisplayState, seconds: Double, transition: TransitionSpec.Kind?)
  /// Go back to the clock now.
  case clear
  /// Set the day's brightness, 0…1 (the knob's turn, through the spinner).
  case setBrightness(Double)
  /// Show the next face of the rotation from now on (the knob's press).
  case nextFace
  /// Switch night mode on if it is off now, off if it is on (the knob's long press), until
  /// toggled again or the configuration is reloaded.
  case toggleNight
  /// Run with this configuration from now on (settings changed over the control socket,
  /// already checked and saved): as a reload, without reading the files.
  case reconfigure(ClockConfiguration)
  /// A sample of the light sensor (`brightness: auto`) and the sensor it came from, as the
  /// log names it.
  case light(AutoBrightness.Reading, sensor: String)
  /// The presence line went active (someone there) or inactive, or was read so at start.
  case presence(active: Bool)
  /// Run the anti-poisoning slot machine now for `seconds` (nil: the configured short run's
  /// length, else 5), then back to the clock.
  case runAntiPoisoning(seconds: Int?)
}
