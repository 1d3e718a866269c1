/// Moves the tubes' brightness towards the light's without flicker: a whole percent at a time,
/// at most one step a second, each step about a tenth of the brightness (1 point below 15 %,
/// 10 points near full: steps of the same size to the eye), and only once the target is
/// a clear step away (hysteresis: about 15 % of the brightness, at least 2 points), so a
/// reading that wanders around a curve's value never makes the tubes shimmer. Once moving it
/// goes all the way to the target, then waits for the next clear difference.
///
/// Pure: times are given (nanoseconds, any one monotonic timeline).
public struct LightSmoother: Hashable, Sendable {
  /// The brightness now, in percent.
  public private(set) var level: Int
  /// Moving towards a target (set once the hysteresis is crossed, cleared on arrival).
  public private(set) var isMoving = false
  /// When the last step was taken; nil before the first.
  private var lastStep: Int64?

  /// The shortest time between two steps.
  public static let stepInterval: Int64 = 1_000_000_000

  /// Starts at `level` percent.
  public init(level: Int) { self.level = Self.clamped(level) }

  /// The largest step from `level`: a tenth of it, rounded, at least 1.
  public static func stepLimit(from level: Int) -> Int { max(1, (level + 5) / 10) }

  /// How far the target must be from `level` before the brightness moves: 15 % of it,
  /// rounded, at least 2.
  public static func hysteresis(at level: Int) -> Int { max(2, (level * 15 + 50) / 100) }

  /// Jumps to `target` at once (the first reading after start: there is nothing to smooth).
  public mutating func jump(to target: Double) {
    level = Self.clamped(Self.rounded(target))
    isMoving = false
  }

  /// One look at `target` (percent) at `time`: a step towards it when one is due. Returns the
  /// brightness now.
  @discardableResult
  public mutating func advance(toward target: Double, at time: Int64) -> Int {
    let goal = Self.clamped(Self.rounded(target))
    if !isMoving {
      guard abs(goal - level) >= Self.hysteresis(at: level) else { return level }
      isMoving = true
    }
    if let lastStep, time - lastStep < Self.stepInterval { return level }
    let limit = Self.stepLimit(from: level)
    let step = min(max(goal - level, -limit), limit)
    guard step != 0 else {
      isMoving = false
      return level
    }
    level += step
    lastStep = time
    if level == goal { isMoving = false }
    return level
  }

  /// When the next step may be taken, while moving; nil when at rest.
  public var nextStep: Int64? {
    guard isMoving else { return nil }
    return lastStep.map { $0 + Self.stepInterval }
  }

  private static func clamped(_ percent: Int) -> Int { min(max(percent, 1), 100) }

  /// `value` rounded to a whole percent; anything not finite counts as 100.
  private static func rounded(_ value: Double) -> Int {
    guard value.isFinite else { return 100 }
    return Int(min(max(value, 0), 100).rounded())
  }
}
