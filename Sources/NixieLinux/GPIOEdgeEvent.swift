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
  /// True when the read that brought this event took a whole kernel queue (libgpiod 1.6: the
  /// kernel keeps 16 events per line and drops what comes while they wait): edges after it
  /// may have been dropped. A read of fewer events proves none were.
  public var fromFullQueue: Bool

  public init(
    offset: UInt32, rising: Bool, timestampNanoseconds: UInt64, lineSequence: UInt64? = nil,
    fromFullQueue: Bool = false
  ) {
    self.offset = offset
    self.rising = rising
    self.timestampNanoseconds = timestampNanoseconds
    self.lineSequence = lineSequence
    self.fromFullQueue = fromFullQueue
  }
}
