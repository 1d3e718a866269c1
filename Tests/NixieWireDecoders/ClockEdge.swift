/// The edge of a clock or latch line on which a chip acts.
public enum ClockEdge: Sendable, Equatable {
  case rising
  case falling

  /// Whether going from `from` to `to` is this edge.
  public func isTransition(from: Bool, to: Bool) -> Bool {
    switch self {
    case .rising: !from && to
    case .falling: from && !to
    }
  }
}
