/// A quadrature decoder's state machine as data: for every state and every contact code, the
/// next state and the detent (if any) that the move completes.
///
/// Contact codes put the leading contact (A) in bit 1 and the other (B) in bit 0, a set bit
/// meaning closed: 0 = both open, 1 = B closed, 2 = A closed, 3 = both closed. Clockwise, one
/// cycle is 0 → 2 → 3 → 1 → 0 (A closes, B closes, A opens, B opens).
///
/// The full-step table (one detent per cycle, resting with both contacts open) follows the
/// design of Ben Buxton's Rotary and gpiozero: a detent counts only when the contacts have
/// walked the whole cycle in order and come back to rest, so contact bounce, a wobble and a
/// turn that reverses inside the detent cancel out on the way. Two contacts changing at once
/// (an illegal jump, or a missed edge) lead to `lost`, which waits for the next rest position.
public struct QuadratureTable: Hashable, Sendable {
  /// Where a contact code leads from one state.
  public struct Transition: Hashable, Sendable {
    public var next: Int
    /// The detent completed by this move.
    public var step: RotaryDirection?

    public init(_ next: Int, step: RotaryDirection? = nil) {
      self.next = next
      self.step = step
    }
  }

  /// State names, for tests and traces; a state is an index into this list.
  public let states: [String]
  /// The state for each contact code read at start-up.
  public let start: [Int]
  /// `transitions[state][code]`.
  public let transitions: [[Transition]]

  public init(states: [String], start: [Int], transitions: [[Transition]]) {
    self.states = states
    self.start = start
    self.transitions = transitions
  }

  /// The move from `state` on contact code `code` (0…3).
  public func transition(from state: Int, code: Int) -> Transition { transitions[state][code] }

  /// The index of the state called `name`.
  public func state(named name: String) -> Int? { states.firstIndex(of: name) }

  /// One detent per cycle, at rest with both contacts open.
  public static let fullStep: QuadratureTable = {
    let (rest, cw1, cw2, cw3, ccw1, ccw2, ccw3, lost) = (0, 1, 2, 3, 4, 5, 6, 7)
    let go = { (next: Int) in Transition(next) }
    let cw = { (next: Int) in Transition(next, step: .clockwise) }
    let ccw = { (next: Int) in Transition(next, step: .counterclockwise) }
    return QuadratureTable(
      states: ["rest", "cw1", "cw2", "cw3", "ccw1", "ccw2", "ccw3", "lost"],
      start: [rest, lost, lost, lost],
      transitions: [
        // on code: 00, 01, 10, 11
        /* rest */ [go(rest), go(ccw1), go(cw1), go(lost)],
        /* cw1  */ [go(rest), go(lost), go(cw1), go(cw2)],
        /* cw2  */ [go(rest), go(cw3), go(cw1), go(cw2)],
        /* cw3  */ [cw(rest), go(cw3), go(lost), go(cw2)],
        /* ccw1 */ [go(rest), go(ccw1), go(lost), go(ccw2)],
        /* ccw2 */ [go(rest), go(ccw1), go(ccw3), go(ccw2)],
        /* ccw3 */ [ccw(rest), go(lost), go(ccw3), go(ccw2)],
        /* lost */ [go(rest), go(lost), go(lost), go(lost)],
      ])
  }()

  /// Two detents per cycle: at rest with both contacts open (`rest0`) or both closed (`rest3`).
  /// A detent counts when the contacts reach the other rest through the right middle code.
  public static let halfStep: QuadratureTable = {
    let (rest0, cw0, ccw0, rest3, cw3, ccw3, lost) = (0, 1, 2, 3, 4, 5, 6)
    let go = { (next: Int) in Transition(next) }
    let cw = { (next: Int) in Transition(next, step: .clockwise) }
    let ccw = { (next: Int) in Transition(next, step: .counterclockwise) }
    return QuadratureTable(
      states: ["rest0", "cw0", "ccw0", "rest3", "cw3", "ccw3", "lost"],
      start: [rest0, lost, lost, rest3],
      transitions: [
        // on code: 00, 01, 10, 11
        /* rest0 */ [go(rest0), go(ccw0), go(cw0), go(rest3)],
        /* cw0   */ [go(rest0), go(lost), go(cw0), cw(rest3)],
        /* ccw0  */ [go(rest0), go(ccw0), go(lost), ccw(rest3)],
        /* rest3 */ [go(rest0), go(cw3), go(ccw3), go(rest3)],
        /* cw3   */ [cw(rest0), go(cw3), go(lost), go(rest3)],
        /* ccw3  */ [ccw(rest0), go(lost), go(ccw3), go(rest3)],
        /* lost  */ [go(rest0), go(lost), go(lost), go(rest3)],
      ])
  }()

  /// Four detents per cycle: every code is a rest and every single edge a detent. Bounce
  /// cannot be told from a wobble here: it yields detent pairs that cancel out.
  public static let quarterStep: QuadratureTable = {
    let (at0, at1, at2, at3) = (0, 1, 2, 3)
    let go = { (next: Int) in Transition(next) }
    let cw = { (next: Int) in Transition(next, step: .clockwise) }
    let ccw = { (next: Int) in Transition(next, step: .counterclockwise) }
    return QuadratureTable(
      states: ["at0", "at1", "at2", "at3"],
      start: [at0, at1, at2, at3],
      transitions: [
        // on code: 00, 01, 10, 11
        /* at0 */ [go(at0), ccw(at1), cw(at2), go(at3)],
        /* at1 */ [cw(at0), go(at1), go(at2), ccw(at3)],
        /* at2 */ [ccw(at0), go(at1), go(at2), cw(at3)],
        /* at3 */ [go(at0), cw(at1), ccw(at2), go(at3)],
      ])
  }()
}
