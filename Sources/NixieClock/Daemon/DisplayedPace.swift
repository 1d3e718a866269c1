/// The displayed clock's pace under `--speed N`, the simulator's fast time: from its start the
/// clock runs N times as fast as the machine's monotonic clock, so at 3600 an hour passes in a
/// second and a night, a DST change, a snooze or a chime can be watched in moments.
///
/// The daemon's own monotonic time keeps the same pace, so what it times — a snooze, a ring's
/// length, presence's wait, the faces' rotation, `--duration` — comes N times sooner as well.
/// The frame thread's fades and the buzzer's notes keep real time: a tune sounds as it should.
///
/// Pure: every time is given (nanoseconds); no arithmetic traps, however long it runs.
public struct DisplayedPace: Hashable, Sendable {
  /// The speeds `--speed` takes: displayed seconds a real second.
  public static let speeds: ClosedRange<Int> = 1...3600

  /// Displayed seconds a real second, within `speeds`.
  public let speed: Int64
  /// The displayed wall time (Unix nanoseconds) at the start.
  public let startWall: Int64
  /// The machine's monotonic time (nanoseconds) at the start.
  public let startMonotonic: UInt64

  /// A pace of `speed` (clamped into `speeds`) that shows `startWall` when the machine's
  /// monotonic clock reads `startMonotonic`.
  public init(speed: Int, startWall: Int64, startMonotonic: UInt64) {
    self.speed = Int64(min(max(speed, Self.speeds.lowerBound), Self.speeds.upperBound))
    self.startWall = startWall
    self.startMonotonic = startMonotonic
  }

  /// The displayed wall time when the machine's monotonic clock reads `monotonic`.
  public func wall(atMonotonic monotonic: UInt64) -> Int64 {
    let elapsed = Int64(clamping: monotonic) &- Int64(clamping: startMonotonic)
    let (scaled, over) = elapsed.multipliedReportingOverflow(by: speed)
    let (wall, later) = startWall.addingReportingOverflow(scaled)
    if over || later { return elapsed < 0 ? Int64.min : Int64.max }
    return wall
  }

  /// The daemon's monotonic time when the machine's reads `monotonic`: as far past the start
  /// as the displayed clock has run (the start itself before it).
  public func monotonic(at monotonic: UInt64) -> UInt64 {
    let elapsed = daemonInterval(ofReal: monotonic - min(monotonic, startMonotonic))
    let (time, later) = startMonotonic.addingReportingOverflow(elapsed)
    return later ? UInt64.max : time
  }

  /// The daemon's monotonic nanoseconds that pass while `real` of the machine's do (how the
  /// daemon counts `--duration`, given in real seconds).
  public func daemonInterval(ofReal real: UInt64) -> UInt64 {
    let (scaled, over) = real.multipliedReportingOverflow(by: UInt64(speed))
    return over ? UInt64.max : scaled
  }

  /// How long the machine waits for `displayed` nanoseconds of the clock to pass: rounded
  /// up, so that a wait never ends before its deadline; 0 for a deadline already past.
  public func realInterval(_ displayed: Int64) -> Int64 {
    displayed <= 0 ? 0 : (displayed - 1) / speed + 1
  }
}
