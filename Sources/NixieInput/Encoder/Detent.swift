/// One detent of the knob: the decoder's output, and the spinner's input.
public struct Detent: Hashable, Sendable {
  public var direction: RotaryDirection
  /// When the detent was completed (the timestamp of the edge that completed it), ns.
  public var time: UInt64

  public init(_ direction: RotaryDirection, at time: UInt64) {
    self.direction = direction
    self.time = time
  }
}
