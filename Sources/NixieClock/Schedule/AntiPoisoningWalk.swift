import NixieCore

/// The picture of the anti-poisoning walk: at each step every tube lights its next cathode in
/// depth order (back to front), neighbouring tubes one step apart, so over ten steps every
/// digit of every tube has glowed. Separators rest.
public struct AntiPoisoningWalk: Hashable, Sendable {
  public let layout: DisplayLayout

  public init(layout: DisplayLayout) { self.layout = layout }

  /// What is lit at step `step` of a run.
  public func state(step: Int64) -> DisplayState {
    var state = layout.blank
    for (tube, index) in layout.tubeIndices.enumerated() {
      let position = layout.positions[index]
      let order = position.model.depthOrder.compactMap { position.wiredIndex(of: $0) }
      guard !order.isEmpty else { continue }
      let place = Int((step + Int64(tube)) % Int64(order.count))
      state.lit[index].insert(order[place])
    }
    return state
  }
}
