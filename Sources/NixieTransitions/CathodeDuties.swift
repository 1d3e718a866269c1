import NixieDisplay

/// The share of each PWM period every cathode is lit (0…1): what the tubes show mid-fade.
///
/// A steady display has duty 1 on its lit cathodes and 0 elsewhere. The main cathodes of one
/// tube (digits, symbols) take turns, so their duties add up to at most 1.
public struct CathodeDuties: Hashable, Sendable {
  /// Per display position, per cathode of its tube model.
  public var duties: [[Double]]

  /// Every cathode of `layout` dark.
  public init(layout: DisplayLayout) {
    duties = layout.positions.map { Array(repeating: 0, count: $0.model.cathodes.count) }
  }

  /// `state` lit steadily: duty 1 on its lit cathodes.
  public init(_ state: DisplayState, layout: DisplayLayout) {
    self.init(layout: layout)
    for (position, lit) in state.lit.enumerated() where position < duties.count {
      for cathode in lit.indices where cathode < duties[position].count {
        duties[position][cathode] = 1
      }
    }
  }

  public subscript(position: Int, cathode: Int) -> Double {
    get { duties[position][cathode] }
    set { duties[position][cathode] = newValue }
  }

  /// Whether position `position` shows exactly `lit`, steadily.
  public func shows(_ lit: CathodeSet, at position: Int) -> Bool {
    duties[position].indices.allSatisfy { duties[position][$0] == (lit.contains($0) ? 1 : 0) }
  }
}
