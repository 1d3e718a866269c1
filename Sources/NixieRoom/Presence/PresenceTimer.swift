/// Whether someone is in the room, from a presence line (a PIR module's output, a button):
/// present while the line is active and for `offAfter` after it was last active. The clock
/// starts as if someone had just been seen, so it lights up and goes dark only after a whole
/// `offAfter` without anyone.
///
/// Pure: times are given (nanoseconds, one monotonic timeline).
public struct PresenceTimer: Hashable, Sendable {
  /// How long the room stays "present" after the line was last active.
  public var offAfter: Int64
  /// The line is active now (a PIR sees movement, a button is held).
  public private(set) var isActive: Bool
  /// When someone was last seen: the line's last activity (its end, once it went inactive).
  public private(set) var lastSeen: Int64

  /// A timer that starts at `time` with the line `active`.
  public init(offAfter: Int64, active: Bool, at time: Int64) {
    self.offAfter = max(offAfter, 0)
    self.isActive = active
    self.lastSeen = time
  }

  /// The line went `active` (or inactive) at `time`.
  public mutating func line(active: Bool, at time: Int64) {
    if active || isActive { lastSeen = max(lastSeen, time) }
    isActive = active
  }

  /// Whether someone counts as present at `time`.
  public func isPresent(at time: Int64) -> Bool {
    isActive || time - lastSeen < offAfter
  }

  /// When the room next turns empty if nothing happens, while someone counts as present and
  /// the line is inactive; nil otherwise.
  public func nextChange(after time: Int64) -> Int64? {
    guard !isActive, isPresent(at: time) else { return nil }
    return lastSeen + offAfter
  }

  /// When someone was last seen, as of `time`: now while the line is active.
  public func seen(asOf time: Int64) -> Int64 { isActive ? time : lastSeen }
}
