import NixieSystem

/// What the daemon loop last decided, for the control socket's `state` request: the
/// schedule in force (with the knob's changes) and what the clock is doing. The loop updates
/// it; the control server's thread reads it.
public final class ClockStatus: Sendable {
  /// One look at the loop.
  public struct Snapshot: Sendable {
    public var planner: ClockPlanner
    public var activity: ClockFrame.Activity?
    public var night: Bool
    /// The light sensor and the presence line, as followed.
    public var room: RoomReport

    public init(
      planner: ClockPlanner, activity: ClockFrame.Activity?, night: Bool, room: RoomReport = RoomReport()
    ) {
      self.planner = planner
      self.activity = activity
      self.night = night
      self.room = room
    }
  }

  private let latest = Locked<Snapshot?>(nil)

  public init() {}

  public func update(_ snapshot: Snapshot) { latest.withLock { $0 = snapshot } }

  /// The latest snapshot; nil before the loop ran.
  public var snapshot: Snapshot? { latest.withLock { $0 } }
}
