import NixieDisplay

/// A tube's run through its cathodes before it lands: the slot machine of a transition
/// (`SlotSpin`) or an anti-poisoning run aimed at the laggards (`AimedSpin`). What the renderer
/// and the timeline read of either, so each is drawn by one piece of code.
protocol CathodeSpin {
  /// What the tube shows once the run is over.
  var landing: CathodeSet { get }
  /// The cathode shown at `time`, or nil once the tube has landed.
  func cathode(at time: UInt64) -> Int?
  /// Calls `body` with each cathode shown during `[from, to)` and for how long, in time order,
  /// then with nil and the time left after landing. It never allocates.
  func visit(from: UInt64, to: UInt64, _ body: (Int?, UInt64) -> Void)
}

extension SlotSpin: CathodeSpin {}
extension AimedSpin: CathodeSpin {}
