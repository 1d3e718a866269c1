/// The duty cycle and period of a wire driven with pulse-width modulation, over a window of a
/// trace: a backlight channel (NCS314 soft PWM, high = lit) or a dimmer (Omnixie OE, low = lit).
public struct PWMMeasurement: Sendable, Equatable {
  /// Time the wire spent at its active level in the window, in nanoseconds.
  public var activeTime: UInt64
  /// The window's length, in nanoseconds.
  public var window: UInt64
  /// The times between consecutive edges into the active level inside the window.
  public var periods: [UInt64]

  /// The fraction of the window at the active level, 0…1.
  public var duty: Double { window == 0 ? 0 : Double(activeTime) / Double(window) }

  /// Measures `wire` in `trace` from `start` to `end`; an unknown level counts as inactive.
  public init(
    trace: LogicTrace, wire name: String, activeHigh: Bool, from start: UInt64, to end: UInt64
  ) throws(WireDecodeError) {
    guard end >= start else { throw WireDecodeError("the window ends (\(end)) before it starts (\(start))") }
    let wire = try trace.wire(name)
    var level = trace.level(of: wire, at: start)
    var since = start
    var active: UInt64 = 0
    var activations: [UInt64] = []
    for change in trace.changes where change.wire == wire && change.time > start {
      if change.time >= end { break }
      if level == activeHigh { active += change.time - since }
      if level != activeHigh, change.level == activeHigh { activations.append(change.time) }
      level = change.level
      since = change.time
    }
    if level == activeHigh { active += end - since }
    activeTime = active
    window = end - start
    periods = zip(activations.dropFirst(), activations).map { $0 - $1 }
  }
}
