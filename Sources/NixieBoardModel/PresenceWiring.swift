/// A line that says someone is in the room: a PIR motion sensor's output (active high, held
/// while it sees movement) or a button. A board profile may declare one (`presence:`), and
/// nixie.yaml's `presence.line` gives or replaces it; the clock darkens the tubes after a
/// while without it (docs/INTERFACE.md, `presence`).
public struct PresenceWiring: Hashable, Sendable {
  /// The gpiochip and the line offset on it.
  public var chip: String
  public var line: UInt32
  /// Someone is there while the line is high (a PIR module); false: while it is low (a
  /// button to ground).
  public var activeHigh: Bool
  /// Ask the kernel for a pull-up on the line (a button to ground); a PIR drives its line.
  public var pullUp: Bool

  public init(chip: String, line: UInt32, activeHigh: Bool = true, pullUp: Bool = false) {
    self.chip = chip
    self.line = line
    self.activeHigh = activeHigh
    self.pullUp = pullUp
  }
}
