/// The prize wheel of RVS_Spinner for a knob: after a fast spin, the selection keeps moving
/// and slows down exponentially; a turn or a press stops it.
///
/// It watches the detents: when a run of at least three in one direction was fast enough and
/// then no detent comes for twice their interval, the knob was let go, and the wheel moves
/// on at that speed. Every `tick` the speed is multiplied by `decayPerTick` (exponential
/// deceleration in time) and the distance travelled yields detents; below `stopSpeed` the
/// wheel stops. Time is a parameter, as everywhere in the input logic.
public struct Momentum: Sendable {
  public struct Settings: Hashable, Sendable {
    /// Detents per second the knob must have been turning when let go (default 15).
    public var startSpeed: Double
    /// The wheel stops below this speed, detents per second (default 2).
    public var stopSpeed: Double
    /// The wheel never starts faster than this, detents per second (default 60).
    public var maximumSpeed: Double
    /// The step of the simulation, ns (default 10 ms).
    public var tick: UInt64
    /// Share of the speed kept per tick (default 0.96: half the speed every 170 ms).
    public var decayPerTick: Double
    /// A pause longer than this between detents starts a new spin, ns (default 250 ms).
    public var gestureGap: UInt64

    public init(
      startSpeed: Double = 15, stopSpeed: Double = 2, maximumSpeed: Double = 60,
      tick: UInt64 = 10_000_000, decayPerTick: Double = 0.96, gestureGap: UInt64 = 250_000_000
    ) {
      self.startSpeed = startSpeed
      // The wheel must stop: a speed floor above zero and a decay below one.
      self.stopSpeed = max(stopSpeed, 0.01)
      self.maximumSpeed = maximumSpeed
      self.tick = max(tick, 1)
      self.decayPerTick = min(max(decayPerTick, 0), 0.999)
      self.gestureGap = gestureGap
    }
  }

  /// The wheel in motion.
  private struct Motion: Sendable {
    var direction: RotaryDirection
    /// Detents per second.
    var speed: Double
    /// Detents travelled since the last one emitted.
    var distance: Double
    var lastTick: UInt64
  }

  public let settings: Settings
  /// The latest detents of the current spin (at most four), all in `direction`.
  private var recent: [UInt64] = []
  private var direction: RotaryDirection = .clockwise
  private var motion: Motion?

  public init(settings: Settings = Settings()) { self.settings = settings }

  /// Whether the wheel is moving by itself.
  public var isMoving: Bool { motion != nil }

  /// The speed of the spin measured so far, detents per second (nil before three detents).
  public var measuredSpeed: Double? {
    guard recent.count >= 3, let first = recent.first, let last = recent.last else { return nil }
    return Double(recent.count - 1) * 1e9 / Double(max(last - first, 1))
  }

  /// A turn of the knob: stops the wheel and becomes part of the spin being measured.
  public mutating func turned(_ detent: Detent) {
    motion = nil
    let continues = recent.last.map { detent.time >= $0 && detent.time - $0 <= settings.gestureGap } ?? true
    if detent.direction != direction || !continues { recent = [] }
    direction = detent.direction
    recent.append(detent.time)
    if recent.count > 4 { recent.removeFirst() }
  }

  /// A press: stops the wheel and forgets the spin. Returns whether the wheel was moving.
  @discardableResult
  public mutating func stop() -> Bool {
    defer {
      motion = nil
      recent = []
    }
    return motion != nil
  }

  /// When the wheel next needs time: its next tick, or the moment a fast spin counts as let go.
  public var nextDeadline: UInt64? {
    if let motion { return motion.lastTick + settings.tick }
    return releaseTime
  }

  private var releaseTime: UInt64? {
    guard let speed = measuredSpeed, speed >= settings.startSpeed, let first = recent.first,
      let last = recent.last
    else { return nil }
    return last + 2 * (last - first) / UInt64(recent.count - 1)
  }

  /// Lets time pass to `time`; returns the detents the wheel made on its own, in time order.
  public mutating func advance(to time: UInt64) -> [Detent] {
    var out: [Detent] = []
    if motion == nil, let release = releaseTime, release <= time, let speed = measuredSpeed {
      motion = Motion(
        direction: direction, speed: min(speed, settings.maximumSpeed), distance: 0, lastTick: release)
      recent = []
    }
    while var current = motion, current.lastTick + settings.tick <= time {
      current.lastTick += settings.tick
      current.speed *= settings.decayPerTick
      current.distance += current.speed * Double(settings.tick) / 1e9
      while current.distance >= 1 {
        current.distance -= 1
        out.append(Detent(current.direction, at: current.lastTick))
      }
      motion = current.speed < settings.stopSpeed ? nil : current
    }
    return out
  }
}
