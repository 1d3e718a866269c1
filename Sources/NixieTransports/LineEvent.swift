import NixieBoardModel

/// One input line taking a level at an instant: what libgpiod edge events and the simulated
/// gpiochip both come down to.
///
/// A level, not an edge type: consumers compare it with the level they last saw, so a
/// repeated level (libgpiod 1.6 can report the same edge twice, and a dropped event leaves
/// two in a row) changes nothing.
public struct LineEvent: Hashable, Sendable, CustomStringConvertible {
  /// Which line: `a`, `b` (the encoder contacts) or `sw` (the push switch).
  public var role: LineRole
  /// The physical level: true = high. On an active-low board, low means the contact is closed.
  public var high: Bool
  /// Monotonic nanoseconds (CLOCK_MONOTONIC for libgpiod event timestamps).
  public var time: UInt64

  public init(_ role: LineRole, high: Bool, at time: UInt64) {
    self.role = role
    self.high = high
    self.time = time
  }

  public var description: String { "\(time) \(role.name) \(high ? 1 : 0)" }
}
