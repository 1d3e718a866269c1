import NixieDrivers

/// A `FrameObserver` that forwards to another without keeping it alive: for an observer that
/// itself holds the display it watches (`PersistenceOfVision`), where registering it directly
/// would be a retain cycle that frees neither (found by LeakSanitizer, docs/TESTING.md).
public final class WeakFrameObserver: FrameObserver {
  private weak var target: (any FrameObserver)?

  public init(_ target: any FrameObserver) { self.target = target }

  public func frameShown(_ frame: LatchedFrame) { target?.frameShown(frame) }
}
