import NixieClockSettings
import NixieDisplay
import NixieTransitions

/// What the display should be at one instant: the picture, its brightness, and what the
/// clock is doing — the output of the pure schedule.
public struct ClockFrame: Hashable, Sendable {
  /// What the clock is doing.
  public enum Activity: Hashable, Sendable {
    /// Showing face number `turn` of the rotation.
    case face(Int)
    case antiPoisoning(AntiPoisoningRun)
    /// Showing a value sent over the control socket, with the transition it asked for.
    case message(TransitionSpec.Kind)
    /// Showing the countdown's time left.
    case countdown
    /// Showing the stopwatch, its hundredths changing without fades.
    case stopwatch
  }

  /// What the tubes show.
  public var state: DisplayState
  /// What they would show without the unsynchronised indicator.
  public var content: DisplayState
  /// 0 (dark) … 1 (full).
  public var brightness: Double
  public var activity: Activity
  /// The unsynchronised indicator has hidden the separators.
  public var separatorsHidden: Bool

  public init(
    state: DisplayState, content: DisplayState? = nil, brightness: Double, activity: Activity,
    separatorsHidden: Bool = false
  ) {
    self.state = state
    self.content = content ?? state
    self.brightness = brightness
    self.activity = activity
    self.separatorsHidden = separatorsHidden
  }

  /// How the tubes go from `previous` to this frame, or nil when nothing changed. A new
  /// anti-poisoning run always starts, even towards the picture already shown.
  public func change(from previous: ClockFrame?, transition: TransitionSpec.Kind) -> DisplayChange? {
    if case .antiPoisoning(let run) = activity {
      guard let previous, previous.activity == activity, previous.state == state else {
        return .antiPoisoning(run)
      }
      return previous.brightness == brightness ? nil : .brightness
    }
    if let previous, previous.state == state, previous.brightness == brightness { return nil }
    if case .message(let requested) = activity { return .value(requested) }
    if activity == .stopwatch, previous?.activity == .stopwatch {
      return previous?.state == state ? .brightness : .value(.none)
    }
    guard let previous else { return .value(transition) }
    if previous.state == state { return .brightness }
    if previous.content == content, previous.separatorsHidden != separatorsHidden { return .blink }
    return .value(transition)
  }
}
