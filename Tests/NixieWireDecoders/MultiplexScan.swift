/// The timing of a multiplexed display read from its latched frames: which anode group was lit
/// when and what it showed for how long, how often each group came round, how long the tubes
/// were dark between groups, and whether two groups were ever lit together (ghosting).
///
/// A frame lights its groups from its latch until `LatchedFrame.shownUntil` (on the NCM109 the
/// latch wire is the chips' output enable, so the tubes are dark while a frame shifts in).
public struct MultiplexScan: Sendable, Equatable {
  /// What one group showed for part of a visit.
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

  /// A turn of one group: from the first moment it was lit, alone, to the last before another
  /// group was lit. It may hold dark stretches (a dimmed slot) and several contents (a fade).
  public struct GroupVisit: Sendable, Equatable {
    public var group: Int
    public var start: UInt64
    public var end: UInt64
    /// The contents shown, in order, with the time each was lit.
    public var parts: [Part]

    /// The time the group was lit during the visit.
    public var litTime: UInt64 { parts.reduce(0) { $0 + $1.duration } }
  }

  /// A stretch during which two or more groups were lit at once.
  public struct Overlap: Sendable, Equatable {
    public var groups: [Int]
    public var start: UInt64
    public var end: UInt64
  }

  /// One full round of the groups: the six tubes as they were lit during it.
  public struct Scan: Sendable, Equatable {
    /// When the round's last visit ended.
    public var time: UInt64
    public var reading: TubeReading
  }

  public private(set) var visits: [GroupVisit] = []
  public private(set) var overlaps: [Overlap] = []
  public private(set) var scans: [Scan] = []
  /// For each pair of consecutive visits to different groups, the dark time between the end
  /// of the first and the start of the second.
  public private(set) var gapsBetweenGroups: [UInt64] = []
  /// The groups' numbers, 1…`groupCount`.
  public let groupCount: Int

  /// The timing of `frames`, each lit from its latch until it stopped being shown.
  public init(frames: [DecodedFrame<NCM109Frame>], groupCount: Int = 3) {
    self.groupCount = groupCount
    var open: GroupVisit?
    for frame in frames {
      let start = frame.time
      let end = max(frame.frame.shownUntil, start)
      let groups = frame.reading.groups
      if groups.count > 1 { overlaps.append(Overlap(groups: groups, start: start, end: end)) }
      guard groups.count == 1, end > start else { continue }
      let part = Part(left: frame.reading.left, right: frame.reading.right, duration: end - start)
      if var visit = open, visit.group == groups[0] {
        visit.end = end
        if let last = visit.parts.last, last.left == part.left, last.right == part.right {
          visit.parts[visit.parts.count - 1].duration += part.duration
        } else {
          visit.parts.append(part)
        }
        open = visit
      } else {
        if let visit = open { close(visit) }
        open = GroupVisit(group: groups[0], start: start, end: end, parts: [part])
      }
    }
    if let visit = open { close(visit) }
  }

  private mutating func close(_ visit: GroupVisit) {
    if let previous = visits.last, visit.start >= previous.end {
      gapsBetweenGroups.append(visit.start - previous.end)
    }
    visits.append(visit)
    collectScan()
  }

  /// After every visit, if the visits since the last scan cover every group, the tubes as they
  /// were lit in that round (a tube's digits: every digit lit in its group's visits).
  private mutating func collectScan() {
    let first = scans.last.map { scan in visits.firstIndex { $0.end > scan.time } ?? visits.count } ?? 0
    let round = visits[first...]
    guard Set(round.map(\.group)) == Set(1...groupCount) else { return }
    var items: [TubeReading.Item] = []
    for group in 1...groupCount {
      let parts = round.filter { $0.group == group }.flatMap(\.parts)
      items.append(.tube(lit: Array(Set(parts.flatMap(\.left))).sorted()))
      items.append(.tube(lit: Array(Set(parts.flatMap(\.right))).sorted()))
    }
    scans.append(Scan(time: round.last?.end ?? 0, reading: TubeReading(items: items)))
  }

  /// The times between the starts of consecutive visits to `group`, in nanoseconds.
  public func refreshPeriods(of group: Int) -> [UInt64] {
    let starts = visits.filter { $0.group == group }.map(\.start)
    return zip(starts.dropFirst(), starts).map { $0 - $1 }
  }

  /// How long `group` was lit in total, in nanoseconds.
  public func litTime(of group: Int) -> UInt64 {
    visits.filter { $0.group == group }.reduce(0) { $0 + $1.litTime }
  }
}
