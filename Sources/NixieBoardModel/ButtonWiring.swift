/// A push button of a board on a GPIO line (NCS314: MODE, UP, DOWN), read like the knob.
public struct ButtonWiring: Hashable, Sendable {
  /// What the button does, which is also its trace name: `.mode`, `.up` or `.down`.
  public var role: LineRole
  /// The gpiochip and the line offset on it.
  public var chip: String
  public var line: UInt32
  /// Pressed pulls the line low (the usual wiring, with a pull-up).
  public var activeLow: Bool
  /// Ask the kernel for a pull-up on the line.
  public var pullUp: Bool

  public init(role: LineRole, chip: String, line: UInt32, activeLow: Bool = true, pullUp: Bool = true) {
    self.role = role
    self.chip = chip
    self.line = line
    self.activeLow = activeLow
    self.pullUp = pullUp
  }

  /// The roles a button may have.
  public static let roles: [LineRole] = [.mode, .up, .down]
}
