/// One latched frame of the multiplexed NCM109 (NCT4xx tube boards): which anode groups it
/// switches on and what the group's two tubes and the dots show.
public struct NCM109Frame: Sendable, Equatable {
  /// The anode groups switched on (1, 2, 3), in increasing order; the firmware turns on one.
  public var groups: [Int]
  /// The lit digits of the group's left tube (bits 0–9) and right tube (bits 10–19).
  public var left: [Int]
  public var right: [Int]
  /// The upper dot (bit 25) and lower dot (bit 24).
  public var upperDot: Bool
  public var lowerDot: Bool
  /// Bits the firmware never sets (23 and 26–31), as they were latched.
  public var unusedBits: UInt64

  public init(groups: [Int], left: [Int], right: [Int], upperDot: Bool, lowerDot: Bool, unusedBits: UInt64) {
    self.groups = groups
    self.left = left
    self.right = right
    self.upperDot = upperDot
    self.lowerDot = lowerDot
    self.unusedBits = unusedBits
  }
}
