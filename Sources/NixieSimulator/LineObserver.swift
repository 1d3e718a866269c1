import NixieCore

/// Something that watches the lines of a simulated GPIO chip: a chip model, a trace recorder.
public protocol LineObserver: AnyObject {
  /// The lines in `changed` took their levels in `levels` at `time` (monotonic ns), together.
  func linesChanged(_ changed: LineSet, levels: LineSet, at time: UInt64)
}
