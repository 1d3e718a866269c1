/// One edge on an input line, as the kernel timestamped it.
public struct GPIOEdgeEvent: Hashable, Sendable {
  /// The line's offset on its chip.
  public var offset: UInt32
  /// True for a low-to-high edge (physical level), false for high-to-low.
  public var rising: Bool
  /// CLOCK_MONOTONIC nanoseconds of the edge, taken by the kernel in the interrupt (for a
  /// debounced line: when the level had held for the debounce period).
  public var timestampNanoseconds: UInt64
  /// The kernel's count of this line's events in the request, from 1 (libgpiod 2.x; nil with
  /// 1.6, whose events carry none): a gap means events were lost.
  public var lineSequence: UInt64?

  public init(offset: UInt32, rising: Bool, timestampNanoseconds: UInt64, lineSequence: UInt64? = nil) {
    self.offset = offset
    self.rising = rising
    self.timestampNanoseconds = timestampNanoseconds
    self.lineSequence = lineSequence
  }
}
