import NixieBoardModel

/// One line of a simulator input script: a raw level or a shorthand gesture.
public enum InputAction: Hashable, Sendable {
  /// `a 0`, `b 1`, `sw 0`: a line's physical level (0 = low = closed on an active-low board).
  case level(LineRole, high: Bool)
  /// `cw N` / `ccw N`: N clean detents, one every `InputScript.detentPeriod`.
  case turn(RotaryDirection, detents: Int)
  /// `press`: the switch closed for `InputScript.pressDuration`.
  case press
  /// `hold MS`: the switch closed for that long (ns).
  case hold(UInt64)
  /// `press mode` (for `InputScript.pressDuration`) or `hold MS up`: a board's button
  /// (`.mode`, `.up` or `.down`) pressed for that long (ns).
  case button(LineRole, duration: UInt64)

  /// The buttons a script may press.
  public static let buttons: [LineRole] = [.mode, .up, .down]

  /// How long the gesture takes, ns: the next line may start when it is over.
  public var duration: UInt64 {
    switch self {
    case .level: 0
    case .turn(_, let detents): UInt64(detents) * InputScript.detentPeriod
    case .press: InputScript.pressDuration
    case .hold(let duration): duration
    case .button(_, let duration): duration
    }
  }

  /// As written in a script.
  public var text: String {
    switch self {
    case .level(let role, let high): "\(role.name) \(high ? 1 : 0)"
    case .turn(let direction, let detents): "\(direction == .clockwise ? "cw" : "ccw") \(detents)"
    case .press: "press"
    case .hold(let duration): "hold \(Milliseconds.text(duration))"
    case .button(let role, let duration):
      duration == InputScript.pressDuration
        ? "press \(role.name)" : "hold \(Milliseconds.text(duration)) \(role.name)"
    }
  }
}
