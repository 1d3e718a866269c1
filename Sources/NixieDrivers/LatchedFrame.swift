import NixieBoardModel
import NixieDisplay

/// A frame that reached the tubes: when, which chip outputs were on, and what that lights.
public struct LatchedFrame: Hashable, Sendable {
  /// CLOCK_MONOTONIC nanoseconds of the latch (or of the blanking edge that showed it).
  public var time: UInt64
  public var outputs: OutputBits
  public var state: DisplayState

  public init(time: UInt64, outputs: OutputBits, state: DisplayState) {
    self.time = time
    self.outputs = outputs
    self.state = state
  }
}

/// Something that wants every frame that reaches the tubes: the frames log, the terminal view.
public protocol FrameObserver: AnyObject {
  func frameShown(_ frame: LatchedFrame)
}
