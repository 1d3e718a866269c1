/// One latched frame and what a board's protocol makes of it.
public struct DecodedFrame<Reading: Sendable & Equatable>: Sendable, Equatable {
  /// The frame as it was latched.
  public var frame: LatchedFrame
  /// What the board shows for it.
  public var reading: Reading

  public init(frame: LatchedFrame, reading: Reading) {
    self.frame = frame
    self.reading = reading
  }

  /// The latch time, in nanoseconds.
  public var time: UInt64 { frame.time }
}
