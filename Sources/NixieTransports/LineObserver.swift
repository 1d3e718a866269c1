import NixieBoardModel

/// Something that watches GPIO lines change: a simulated chip's models, a trace recorder (of
/// the simulated chip's lines, or of the levels written to real ones).
public protocol LineObserver: AnyObject {
  /// The lines in `changed` took their levels in `levels` at `time` (monotonic ns), together.
  func linesChanged(_ changed: LineSet, levels: LineSet, at time: UInt64)
}
