/// What a display session writes down besides driving the board: the `--trace` Value Change
/// Dump of the lines and the `--frames-log` JSON lines of every frame (nil: not written).
public struct SessionRecording: Sendable {
  public var trace: String?
  public var framesLog: String?

  public init(trace: String? = nil, framesLog: String? = nil) {
    self.trace = trace
    self.framesLog = framesLog
  }
}
