import NixieBoardModel
import NixieCore
import NixieTransports

/// GPIO lines that report each write that changed a level, stamped with the time the write
/// returned: `--trace` on real hardware, where nothing else sees the pins. It sits on the
/// bit-banging path (two writes a bit), so its levels skip Swift's run-time exclusivity checks,
/// as `GPIOChipLines`'s do.
public final class TracingGPIOLines: GPIOLines {
  /// Called with the lines that changed, the levels of all lines, and the time (monotonic ns).
  public typealias Observer = (_ changed: LineSet, _ levels: LineSet, _ time: UInt64) -> Void

  public let inner: GPIOLines
  /// The level of every line (set bit = high), as last set.
  @exclusivity(unchecked) public private(set) var levels: LineSet
  private let clock: MonotonicClock
  private var observers: [Observer] = []

  /// Wraps `inner`, whose lines are at `levels` now.
  public init(_ inner: GPIOLines, levels: LineSet, clock: MonotonicClock) {
    self.inner = inner
    self.levels = levels
    self.clock = clock
  }

  public func addObserver(_ observer: @escaping Observer) { observers.append(observer) }

  public func set(_ lines: LineSet, to levels: LineSet) throws {
    try inner.set(lines, to: levels)
    let next = self.levels.subtracting(lines).union(levels.intersection(lines))
    let changed = next.symmetricDifference(self.levels)
    self.levels = next
    guard !changed.isEmpty, !observers.isEmpty else { return }
    let time = clock.now()
    for observer in observers { observer(changed, next, time) }
  }
}
