/// The timing of a multiplexed display read from its latched frames: which anode group was on
/// when, for how long each digit showed, how often each group came round, how long the tubes
/// stayed dark between groups, and whether two groups were ever on together (ghosting).
///
/// Each frame holds from its latch to the next latch (the last to the end of the trace).
public struct MultiplexScan: Sendable, Equatable {
  /// What one group showed for part of a run.
  public struct Part: Sendable, Equatable {
    public var left: [Int]
    public var right: [Int]
    public var duration: UInt64

    public init(left: [Int], right: [Int], duration: UInt64) {
      self.left = left
      self.right = right
      self.duration = duration
    }
  }

  /// A stretch during which one group, and only it, was on without a break.
  public struct GroupRun: Sendable, Equatable {
    public var group: Int
    public var start: UInt64
    public var end: UInt64
    /// The contents shown during the run, in order (several for a fade or a dimmed slot).
    public var parts: [Part]
  }

  /// A stretch during which two or more groups were on at once.
  public struct Overlap: Sendable, Equatable {
    public var groups: [Int]
    public var start: UInt64
    public var end: UInt64
  }

  /// One full round of the groups: the six tubes as they were lit during it.
  public struct Scan: Sendable, Equatable {
    /// When the round's last group turned off.
    public var time: UInt64
    public var reading: TubeReading
  }

  public private(set) var runs: [GroupRun] = []
  public private(set) var overlaps: [Overlap] = []
  public private(set) var scans: [Scan] = []
  /// For each pair of consecutive runs of different groups, the time between the first's end
  /// and the second's start: 0 when the firmware switches groups without blanking.
  public private(set) var gapsBetweenGroups: [UInt64] = []
  /// The groups' numbers, 1…`groupCount`.
  public let groupCount: Int

  /// The timing of `frames`, each held until the next, the last until `end`.
  public init(frames: [DecodedFrame<NCM109Frame>], end: UInt64, groupCount: Int = 3) {
    self.groupCount = groupCount
    var open: GroupRun?
    for (index, frame) in frames.enumerated() {
      let start = frame.time
      let stop = index + 1 < frames.count ? frames[index + 1].time : max(end, start)
      let groups = frame.reading.groups
      if groups.count > 1 {
        overlaps.append(Overlap(groups: groups, start: start, end: stop))
      }
      let part = Part(left: frame.reading.left, right: frame.reading.right, duration: stop - start)
      if var run = open, groups == [run.group] {
        run.end = stop
        if let last = run.parts.last, last.left == part.left, last.right == part.right {
          run.parts[run.parts.count - 1].duration += part.duration
        } else {
          run.parts.append(part)
        }
        open = run
        continue
      }
      if let run = open { close(run) }
      open = groups.count == 1 ? GroupRun(group: groups[0], start: start, end: stop, parts: [part]) : nil
    }
    if let run = open { close(run) }
  }

  private mutating func close(_ run: GroupRun) {
    if let previous = runs.last, previous.group != run.group, run.start >= previous.end {
      gapsBetweenGroups.append(run.start - previous.end)
    }
    runs.append(run)
    collectScan()
  }

  /// After every run, if the runs since the last scan visited every group, the tubes as
  /// they were lit in that round (a tube's digits: every digit lit in its group's visits).
  private mutating func collectScan() {
    let startIndex = scans.last.map { scan in runs.firstIndex { $0.end > scan.time } ?? runs.count } ?? 0
    let round = runs[startIndex...]
    guard Set(round.map(\.group)) == Set(1...groupCount) else { return }
    var items: [TubeReading.Item] = []
    for group in 1...groupCount {
      let parts = round.filter { $0.group == group }.flatMap(\.parts)
      items.append(.tube(lit: Array(Set(parts.flatMap(\.left))).sorted()))
      items.append(.tube(lit: Array(Set(parts.flatMap(\.right))).sorted()))
    }
    scans.append(Scan(time: round.last?.end ?? 0, reading: TubeReading(items: items)))
  }

  /// The times between the starts of consecutive visits to `group` (a visit: the group's
  /// runs with no other group in between), in nanoseconds.
  public func refreshPeriods(of group: Int) -> [UInt64] {
    var starts: [UInt64] = []
    var previousGroup: Int?
    for run in runs {
      if run.group == group, previousGroup != group { starts.append(run.start) }
      previousGroup = run.group
    }
    return zip(starts.dropFirst(), starts).map { $0 - $1 }
  }

  /// How long `group` was on in total, in nanoseconds.
  public func onTime(of group: Int) -> UInt64 {
    runs.filter { $0.group == group }.reduce(0) { $0 + ($1.end - $1.start) }
  }
}
