import NixieTransports

/// The contact levels a hand makes turning the knob cleanly: the decoder's inverse, used by
/// the simulator to play `cw N` / `ccw N` on the lines as the board wires them.
public struct QuadratureWaveform: Sendable {
  public let settings: QuadratureSettings

  public init(settings: QuadratureSettings) { self.settings = settings }

  /// Edges per detent: 4, 2 or 1.
  public var edgesPerDetent: Int { 4 / settings.detentsPerCycle.rawValue }

  /// The level changes of `count` clean detents in `direction`, starting from contact levels
  /// `a` and `b`, the first edge at `time` and one detent every `period` ns (edges evenly
  /// spaced within it). Each change is one contact; the last one completes the last detent.
  public func changes(
    _ direction: RotaryDirection, count: Int, a: Bool, b: Bool, at time: UInt64, period: UInt64
  ) -> [LineEvent] {
    let spacing = period / UInt64(edgesPerDetent)
    var code = settings.code(a: a, b: b)
    var levels = (a: a, b: b)
    var out: [LineEvent] = []
    out.reserveCapacity(count * edgesPerDetent)
    for edge in 0..<(count * edgesPerDetent) {
      code = Self.next(code, direction)
      let new = settings.levels(code: code)
      let at = time + UInt64(edge) * spacing
      if new.a != levels.a { out.append(LineEvent(.a, high: new.a, at: at)) }
      if new.b != levels.b { out.append(LineEvent(.b, high: new.b, at: at)) }
      levels = new
    }
    return out
  }

  /// The next contact code along the cycle 0 → 2 → 3 → 1 → 0 (clockwise) or back.
  static func next(_ code: Int, _ direction: RotaryDirection) -> Int {
    let cycle = [0, 2, 3, 1]
    let position = cycle.firstIndex(of: code) ?? 0
    return cycle[(position + direction.sign + 4) % 4]
  }
}
