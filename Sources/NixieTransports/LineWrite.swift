import NixieBoardModel

/// One multi-line write: the lines it sets and the levels it sets them to (set bit = high).
/// The lines it does not name keep their levels.
public struct LineWrite: Hashable, Sendable {
  /// The lines the write sets.
  public var lines: LineSet
  /// Their levels; bits of lines not in `lines` are ignored.
  public var levels: LineSet

  public init(_ lines: LineSet, to levels: LineSet) {
    self.lines = lines
    self.levels = levels
  }

  /// The levels of all lines after this write, when they were `levels` before.
  public func applied(to levels: LineSet) -> LineSet {
    levels.subtracting(lines).union(self.levels.intersection(lines))
  }
}
