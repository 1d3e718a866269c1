import NixieBoardModel
import NixieTransports

/// A `LineObserver` that forwards to another without keeping it alive: for an observer that
/// itself holds the chip it watches (`ScriptedKnob`), where registering it directly would be
/// a retain cycle that frees neither (found by LeakSanitizer, docs/TESTING.md).
public final class WeakLineObserver: LineObserver {
  private weak var target: (any LineObserver)?

  public init(_ target: any LineObserver) { self.target = target }

  public func linesChanged(_ changed: LineSet, levels: LineSet, at time: UInt64) {
    target?.linesChanged(changed, levels: levels, at: time)
  }
}
