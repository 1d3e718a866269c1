/// One edge on an input line, as the kernel timestamped it.
public struct GPIOEdgeEvent: Hashable, Sendable {
  /// The line's offset on its chip.
  public var offset: UInt32
  /// True for a low-to-high edge (physical level), false for high-to-low.
  public var rising: Bool
  /// CLOCK_MONOTONIC nanoseconds of the edge, taken by the kernel in the interrupt.
  public var timestampNanoseconds: UInt64

  public init(offset: UInt32, rising: Bool, timestampNanoseconds: UInt64) {
    self.offset = offset
    self.rising = rising
    self.timestampNanoseconds = timestampNanoseconds
  }
}
