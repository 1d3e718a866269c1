import NixieBoardModel
import NixieCore

/// How an encoder's two contacts are wired and where its detents sit.
public struct QuadratureSettings: Hashable, Sendable {
  /// Detents per full quadrature cycle (four edges).
  public enum DetentsPerCycle: Int, Hashable, Sendable, CaseIterable {
    /// A detent per cycle, with both contacts open at rest: most encoders.
    case one = 1
    /// A detent every half cycle (rests with both contacts open and with both closed).
    case two = 2
    /// A detent at every edge.
    case four = 4
  }

  /// Contacts close to ground (pull-ups on): a low level means closed.
  public var activeLow: Bool
  /// Swap A and B, which turns the direction round.
  public var reverse: Bool
  public var detentsPerCycle: DetentsPerCycle

  public init(activeLow: Bool = true, reverse: Bool = false, detentsPerCycle: DetentsPerCycle = .one) {
    self.activeLow = activeLow
    self.reverse = reverse
    self.detentsPerCycle = detentsPerCycle
  }

  /// The settings of a board's encoder; nil if its detents per cycle are not 1, 2 or 4.
  public init?(wiring: EncoderWiring) {
    guard let detents = DetentsPerCycle(rawValue: wiring.detentsPerCycle) else { return nil }
    self.init(activeLow: wiring.activeLow, reverse: wiring.reverse, detentsPerCycle: detents)
  }

  /// The settings of `board`'s encoder, or bad configuration when its detents per cycle are
  /// not 1, 2 or 4 (a profile made by hand, past the parser's check).
  public static func checked(_ wiring: EncoderWiring, board: String) throws(NixieError) -> QuadratureSettings
  {
    guard let settings = QuadratureSettings(wiring: wiring) else {
      throw NixieError(
        .badConfiguration,
        "\(board): encoder.detents-per-cycle must be 1, 2 or 4, not \(wiring.detentsPerCycle)")
    }
    return settings
  }

  /// The physical level of a contact that is `closed`.
  public func level(closed: Bool) -> Bool { closed != activeLow }

  /// The table's 2-bit contact code for physical levels `a` and `b`: the leading contact
  /// (A, or B when reversed) in bit 1, the other in bit 0, a set bit meaning closed.
  public func code(a: Bool, b: Bool) -> Int {
    let aClosed = a != activeLow
    let bClosed = b != activeLow
    let (first, second) = reverse ? (bClosed, aClosed) : (aClosed, bClosed)
    return (first ? 2 : 0) | (second ? 1 : 0)
  }

  /// Physical levels (a, b) for a contact code: the inverse of `code(a:b:)`.
  public func levels(code: Int) -> (a: Bool, b: Bool) {
    let first = level(closed: code & 2 != 0)
    let second = level(closed: code & 1 != 0)
    return reverse ? (second, first) : (first, second)
  }

  /// The decoder table for these detents.
  public var table: QuadratureTable {
    switch detentsPerCycle {
    case .one: .fullStep
    case .two: .halfStep
    case .four: .quarterStep
    }
  }
}
