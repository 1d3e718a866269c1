/// What the selection did: every change of value (also while the wheel spins by itself), and
/// the end, confirmed or cancelled.
public enum SpinnerEvent: Hashable, Sendable {
  /// What moved the selection.
  public enum Cause: String, Hashable, Sendable {
    /// The knob was turned.
    case turn
    /// The wheel kept moving after a fast spin.
    case momentum
  }

  /// Why nothing was chosen.
  public enum CancelReason: String, Hashable, Sendable {
    /// The switch was held past the long-press threshold.
    case longPress = "long-press"
    /// Nothing happened for the timeout.
    case timeout
    /// The input ended (a simulator script ran out) with nothing chosen.
    case inputEnded = "input-ended"
  }

  /// The selected index changed to `index`.
  case changed(index: Int, cause: Cause, time: UInt64)
  /// `index` was chosen (a short press).
  case confirmed(index: Int, time: UInt64)
  /// The selection ended without a choice.
  case cancelled(reason: CancelReason, time: UInt64)

  /// When it happened, ns.
  public var time: UInt64 {
    switch self {
    case .changed(_, _, let time), .confirmed(_, let time), .cancelled(_, let time): time
    }
  }
}
