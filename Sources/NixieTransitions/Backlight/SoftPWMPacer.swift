import NixieBoardModel

/// Software PWM on a few GPIO lines (the NCS314's red, green and blue) as a step function of
/// time: which levels to write next, and when.
///
/// Each period every channel with a duty above 0 goes high at the start and low after its
/// share of the period, in `steps` steps (the vendor's softPwm: 100 steps of 100 µs, a 10 ms
/// period); channels that switch at the same step switch in one write. A channel at full duty
/// stays high, at 0 stays low; when no channel has a partial duty there is nothing to do until
/// the duties change (`.idle`). Levels are logical (set = lit); `activeLow` flips them. After a
/// stall, edges whose time has passed are skipped. Stepping allocates nothing.
public struct SoftPWMPacer: Sendable {
  /// A write of `levels` to `lines` at `deadline`.
  public struct Write: Hashable, Sendable {
    public var deadline: UInt64
    public var lines: LineSet
    public var levels: LineSet

    public init(deadline: UInt64, lines: LineSet, levels: LineSet) {
      self.deadline = deadline
      self.lines = lines
      self.levels = levels
    }
  }

  public let channels: [LineRole]
  public let period: UInt64
  public let steps: Int
  public let activeLow: Bool
  /// Each channel's duty, 0…1.
  public private(set) var duties: [Double]

  private var periodStart: UInt64 = 0
  /// The switch-off step of each channel this period.
  private var offStep: [Int]
  /// The next step to look at, -1 before the period's start write.
  private var nextStep = -1
  private var running = false
  private var written: LineSet?

  /// A pacer for `channels` at `frequencyHz` (clamped to 1…10 000 Hz) in `steps` steps a period.
  public init(channels: [LineRole], frequencyHz: Int, steps: Int = 100, activeLow: Bool = false) {
    self.channels = channels
    period = 1_000_000_000 / UInt64(min(max(frequencyHz, 1), 10_000))
    self.steps = max(steps, 1)
    self.activeLow = activeLow
    duties = Array(repeating: 0, count: channels.count)
    offStep = Array(repeating: 0, count: channels.count)
  }

  /// Sets each channel's duty (in `channels` order, clamped to 0…1) from the next period on
  /// (at `now` when idle).
  public mutating func setDuties(_ values: [Double], at now: UInt64) {
    var changed = false
    for index in duties.indices {
      let value = index < values.count ? min(max(values[index].isNaN ? 0 : values[index], 0), 1) : 0
      if value != duties[index] {
        duties[index] = value
        changed = true
      }
    }
    guard changed || written == nil else { return }
    if !running {
      running = true
      periodStart = now
      nextStep = -1
    }
  }

  /// Every channel off at once: the write to make when stopping.
  public var allOff: Write {
    Write(deadline: 0, lines: LineSet(channels), levels: activeLow ? LineSet(channels) : [])
  }

  /// The next write, or nil when the levels hold until the duties change.
  public mutating func next(now: UInt64) -> Write? {
    while running {
      if nextStep < 0 {
        if now >= periodStart + period { periodStart += (now - periodStart) / period * period }
        var levels = LineSet()
        var partial = false
        for (index, role) in channels.enumerated() {
          offStep[index] = Int((duties[index] * Double(steps)).rounded())
          if offStep[index] > 0 { levels.insert(.role(role)) }
          if offStep[index] > 0 && offStep[index] < steps { partial = true }
        }
        nextStep = 1
        if !partial { running = false }
        if levels != written { return emit(levels, at: periodStart) }
        continue
      }
      if nextStep >= steps || now >= periodStart + period {
        periodStart += period
        nextStep = -1
        continue
      }
      let step = nextStep
      nextStep += 1
      var levels = written ?? []
      for (index, role) in channels.enumerated() where offStep[index] == step { levels.remove(.role(role)) }
      guard levels != written else { continue }
      return emit(levels, at: periodStart + UInt64(step) * period / UInt64(steps))
    }
    return nil
  }

  private mutating func emit(_ levels: LineSet, at deadline: UInt64) -> Write {
    written = levels
    let lines = LineSet(channels)
    return Write(deadline: deadline, lines: lines, levels: activeLow ? lines.subtracting(levels) : levels)
  }
}
