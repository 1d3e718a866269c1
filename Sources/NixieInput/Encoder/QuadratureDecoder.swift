import NixieBoardModel
import NixieTransports

/// Turns the levels of an encoder's two contacts into detents, one per detent and nothing for
/// bounce, wobble, reversals, illegal jumps or missed edges (see `QuadratureTable`).
///
/// Feed it line levels with their timestamps, in time order; a level equal to the one it
/// already has is a no-op. It starts from the levels read at start-up: between two detents,
/// it waits for the next rest position before counting.
public struct QuadratureDecoder: Sendable {
  public let settings: QuadratureSettings
  public let table: QuadratureTable
  /// The current state, an index into `table.states`.
  public private(set) var state: Int
  /// Physical level of contact A (true = high).
  public private(set) var a: Bool
  /// Physical level of contact B (true = high).
  public private(set) var b: Bool

  /// A decoder whose contacts read `a` and `b` (physical levels) at start-up.
  public init(settings: QuadratureSettings = QuadratureSettings(), a: Bool, b: Bool) {
    self.settings = settings
    self.table = settings.table
    self.a = a
    self.b = b
    self.state = table.start[settings.code(a: a, b: b)]
  }

  /// A decoder seeded with the `a` and `b` levels of `levels`.
  public init(settings: QuadratureSettings = QuadratureSettings(), levels: LineSet) {
    self.init(settings: settings, a: levels.contains(.a), b: levels.contains(.b))
  }

  /// The state's name in the table (`rest`, `cw2`, `lost`, …).
  public var stateName: String { table.states[state] }

  /// Takes line `event` (an `a` or `b` level; other lines are ignored) and returns the detent
  /// it completes, if any.
  public mutating func feed(_ event: LineEvent) -> Detent? {
    switch event.role {
    case .a: update(a: event.high, b: b, at: event.time)
    case .b: update(a: a, b: event.high, at: event.time)
    default: nil
    }
  }

  /// Takes both levels read together at `time` (a read of both lines, e.g. to resynchronise
  /// after a queue overflow). If both changed since the last levels, that is an illegal jump:
  /// nothing counts until the next rest position.
  public mutating func update(a: Bool, b: Bool, at time: UInt64) -> Detent? {
    guard a != self.a || b != self.b else { return nil }
    self.a = a
    self.b = b
    let move = table.transition(from: state, code: settings.code(a: a, b: b))
    state = move.next
    return move.step.map { Detent($0, at: time) }
  }
}
