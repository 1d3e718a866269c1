/// Puts frames on the tubes. Drivers only push: the layer above owns content and timing.
///
/// `write` skips a frame equal to the one on the tubes, so callers may repeat themselves.
public protocol DisplayDriver: AnyObject {
  /// Brings the chips to a known, dark state; call once before the first write.
  func start() throws
  /// Shows `frame` (lit cathodes per display position) until the next write.
  func write(_ frame: DisplayState) throws
  /// Turns every tube off and leaves the lines in a safe, idle state. The driver may be
  /// written to again afterwards.
  func blank() throws
}

extension DisplayDriver {
  /// Drivers with nothing to bring up start by doing nothing.
  public func start() throws {}
}
