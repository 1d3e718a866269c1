import NixieClockSettings
import NixieControl
import NixieDisplay
import NixieRoom
import NixieTransitions

/// Work for the daemon loop from other threads: the control socket, the knob, the light
/// sensor's and the presence line's readers. Posted
/// through a `ClockInbox`.
public enum ClockCommand: Hashable, Sendable {
  /// Show `state` for `seconds` (nil: the clock's `show-seconds`), arriving with `transition`
  /// (nil: the clock's configured one, as it is when the value is shown), then go back to the
  /// clock. `text` is the value as it was asked for, which the state reports as `message`
  /// (nil: the text the tubes read).
  case show(DisplayState, seconds: Double?, transition: TransitionSpec.Kind?, text: String? = nil)
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
  /// Turn the display on or off (every tube dark) until told otherwise or restarted.
  case display(on: Bool)
  /// Show only this face of the rotation, or (nil) the rotation again.
  case chooseFace(Int?)
  /// Night mode on or off now, whatever the hours, until reloaded; nil: the hours again.
  case setNight(Bool?)
  /// The latest value of a topic face, already laid out for the board.
  case faceValue(topic: String, state: DisplayState)
  /// Snooze or stop the ringing alarm, or skip the next ring (a press while it rings,
  /// `nixie send --alarm`).
  case alarm(AlarmAction)
  /// Count down `seconds` from now on the tubes and ring at zero; 0 cancels.
  case countdown(seconds: Int)
  /// Start, stop or reset the stopwatch.
  case stopwatch(StopwatchAction)
}
