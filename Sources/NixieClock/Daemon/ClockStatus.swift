import NixieSystem

/// What the daemon loop last decided, for the control socket's `state` request: the
/// schedule in force (with the knob's changes) and what the clock is doing. The loop updates
/// it; the control server's thread reads it, and is told (`onChange`) when something a state
/// subscriber sees has changed.
public final class ClockStatus: Sendable {
  /// One look at the loop.
  public struct Snapshot: Sendable {
    public var planner: ClockPlanner
    public var activity: ClockFrame.Activity?
    public var night: Bool
    /// Whether the kernel says the system clock is synchronised (true when it cannot tell).
    public var synchronised: Bool
    /// The text of a value shown over the control socket, while it shows.
    public var message: String?
    /// The light sensor and the presence line, as followed.
    public var room: RoomReport
    /// The alarms' bell and next ring.
    public var alarms: AlarmsReport

    public init(
      planner: ClockPlanner, activity: ClockFrame.Activity?, night: Bool, synchronised: Bool = true,
      message: String? = nil, room: RoomReport = RoomReport(), alarms: AlarmsReport = AlarmsReport()
    ) {
      self.alarms = alarms
      self.planner = planner
      self.activity = activity
      self.night = night
      self.synchronised = synchronised
      self.message = message
      self.room = room
    }

    /// What a state subscriber sees of it: everything but the turn of the rotation (which
    /// face shows now moves on by itself; the `state` answer does not report it).
    struct Published: Equatable {
      var planner: ClockPlanner
      var activity: String
      var night: Bool
      var synchronised: Bool
      var message: String?
      var room: RoomReport
      var alarms: AlarmsReport
    }

    var published: Published {
      var planner = planner
      planner.faceShift = 0
      // The stopwatch's time moves every hundredth; whether it runs is what a subscriber sees.
      planner.stopwatchElapsed = planner.stopwatchElapsed.map { _ in 0 }
      let kind: String
      switch activity {
      case .face?, nil: kind = "clock"
      case .antiPoisoning?: kind = "anti-poisoning"
      case .message?: kind = "message"
      case .countdown?: kind = "countdown"
      case .stopwatch?: kind = "stopwatch"
      }
      return Published(
        planner: planner, activity: kind, night: night, synchronised: synchronised, message: message,
        room: room, alarms: alarms)
    }
  }

  private let latest = Locked<Snapshot?>(nil)
  private let listener = LockedAction<Void, Void>()
  /// How many of the inbox's commands the loop had applied at its last update (unset while no
  /// loop counts them: a status fed by hand).
  private let applied = WaitableCount()

  public init() {}

  /// The loop's look after it applied the first `commands` of its inbox's commands (nil: not
  /// counted).
  public func update(_ snapshot: Snapshot, applied commands: UInt64? = nil) {
    let changed = latest.withLock { latest in
      defer { latest = snapshot }
      return latest.map { $0.published != snapshot.published } ?? true
    }
    if let commands { applied.set(commands) }
    if changed { listener() }
  }

  /// Waits until the loop has applied the first `commands` of its inbox's commands and
  /// published its look after them, or `deadline` (CLOCK_MONOTONIC) has passed; at once when
  /// no loop counts them. So the answer to a request that posted a command goes out once a
  /// `state` asked after it shows the command's effect (the web page reads the state after a
  /// save and fills its controls from it), and a stuck loop holds it back no longer than the
  /// bound.
  public func waitUntilApplied(_ commands: UInt64, deadline: UInt64) {
    applied.wait(for: commands, until: deadline)
  }

  /// How many of the inbox's commands the loop had applied at its last update; nil while no
  /// loop counts them.
  public var appliedCommands: UInt64? { applied.value }

  /// Calls `action` (on the daemon loop's thread) after an update that changed what a state
  /// subscriber sees.
  public func onChange(_ action: @escaping @Sendable () -> Void) { listener.set(action) }

  /// The latest snapshot; nil before the loop ran.
  public var snapshot: Snapshot? { latest.withLock { $0 } }
}
