import NixieDisplay

/// A tube's slot-machine run: one main cathode after another in depth order, then the landing.
///
/// Step `k` (from `start`, each `step` long) shows `order[(offset + k) % order.count]`; after
/// `steps` steps the tube shows `landing`. With `steps ≥ order.count` every cathode in `order`
/// is lit at least once, which is what keeps unused cathodes from poisoning.
public struct SlotSpin: Hashable, Sendable {
  /// Cathode indices, back of the stack to front.
  public let order: [Int]
  public let offset: Int
  public let start: UInt64
  /// Nanoseconds per cathode.
  public let step: UInt64
  public let steps: Int
  public let landing: CathodeSet

  public init(order: [Int], offset: Int, start: UInt64, step: UInt64, steps: Int, landing: CathodeSet) {
    self.order = order
    self.offset = offset
    self.start = start
    self.step = max(step, 1)
    self.steps = steps
    self.landing = landing
  }

  /// When the tube lands.
  public var end: UInt64 { start + UInt64(steps) * step }

  /// The cathode shown at `time`, or nil once the tube has landed.
  public func cathode(at time: UInt64) -> Int? {
    guard time < end, !order.isEmpty else { return nil }
    let index = time <= start ? 0 : Int((time - start) / step)
    return order[(offset + index) % order.count]
  }

  /// Calls `body` with each main cathode shown during `[from, to)` and for how long, in time
  /// order, then with nil and the time left after landing. It never allocates.
  @inline(__always)
  func visit(from: UInt64, to: UInt64, _ body: (Int?, UInt64) -> Void) {
    var time = from
    while time < to {
      guard let cathode = cathode(at: time) else {
        body(nil, to - time)
        return
      }
      let index = time <= start ? 0 : (time - start) / step
      let stepEnd = min(start + (index + 1) * step, to)
      body(cathode, stepEnd - time)
      time = stepEnd
    }
  }
}
