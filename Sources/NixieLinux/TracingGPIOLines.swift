import NixieBoardModel
import NixieCore
import NixieTransports

/// GPIO lines that report each write that changed a level, stamped with the time the write
/// returned: `--trace` on real hardware, where nothing else sees the pins. It sits on the
/// bit-banging path (two writes a bit): while nothing observes, a sequence of writes (a
/// frame) goes to the lines whole, and its state skips Swift's run-time exclusivity checks, as
/// `GPIOChipLines`'s does.
public final class TracingGPIOLines: GPIOLines {
  /// Called with the lines that changed, the levels of all lines, and the time (monotonic ns).
  public typealias Observer = (_ changed: LineSet, _ levels: LineSet, _ time: UInt64) -> Void

  public let inner: GPIOLines
  /// The level of every line (set bit = high), as last set. After a sequence of writes that
  /// failed while nothing observed, the levels before it.
  @exclusivity(unchecked) public private(set) var levels: LineSet
  private let clock: MonotonicClock
  @exclusivity(unchecked) private var observers: [Observer] = []

  /// Wraps `inner`, whose lines are at `levels` now.
  public init(_ inner: GPIOLines, levels: LineSet, clock: MonotonicClock) {
    self.inner = inner
    self.levels = levels
    self.clock = clock
  }

  public func addObserver(_ observer: @escaping Observer) { observers.append(observer) }

  public func set(_ lines: LineSet, to levels: LineSet) throws {
    try inner.set(lines, to: levels)
    let next = LineWrite(lines, to: levels).applied(to: self.levels)
    let changed = next.symmetricDifference(self.levels)
    self.levels = next
    guard !changed.isEmpty, !observers.isEmpty else { return }
    let time = clock.now()
    for observer in observers { observer(changed, next, time) }
  }

  /// Observed, the writes are made one by one, so that each is stamped when it returned.
  public func set(_ writes: [LineWrite]) throws {
    guard observers.isEmpty else {
      for write in writes { try set(write.lines, to: write.levels) }
      return
    }
    try inner.set(writes)
    var levels = self.levels
    for write in writes { levels = write.applied(to: levels) }
    self.levels = levels
  }
}
