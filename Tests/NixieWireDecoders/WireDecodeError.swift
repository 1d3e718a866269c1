/// A trace that breaks the protocol a decoder reads: a missing wire, a bit sampled while the
/// data line changed, a latch with too few bits behind it, a command of the wrong length.
public struct WireDecodeError: Error, Equatable, Sendable, CustomStringConvertible {
  /// When it happened, in nanoseconds from the start of the trace, if it happened at a time.
  public var time: UInt64?
  public var message: String

  public init(time: UInt64? = nil, _ message: String) {
    self.time = time
    self.message = message
  }

  public var description: String { time.map { "at \($0) ns: \(message)" } ?? message }
}
