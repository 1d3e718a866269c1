/// What a logic analyser shows for a Value Change Dump: the 1-bit wires it declares and every
/// level change in time order, in nanoseconds from the start of the dump.
///
/// It reads the parts of IEEE 1364 §18 that `nixie --trace` and hand-made test traces use
/// (declarations, `$timescale`, `#time`, scalar changes, `$dumpvars`) and skips vector and real
/// values, which no decoder here needs. A wire is unknown (`nil`) until its first change.
public struct LogicTrace: Sendable, Equatable {
  /// One wire taking a level at a time; `level` is nil for `x` or `z`.
  public struct Change: Sendable, Equatable {
    public var time: UInt64
    public var wire: Int
    public var level: Bool?
    /// Whether it is part of a `$dumpvars` snapshot: a snapshot sets levels before any change
    /// at its time, so a wire the snapshot sets high and a change at the same time sets low
    /// makes a falling edge.
    public var inSnapshot: Bool

    public init(time: UInt64, wire: Int, level: Bool?, inSnapshot: Bool = false) {
      self.time = time
      self.wire = wire
      self.level = level
      self.inSnapshot = inSnapshot
    }
  }

  /// The reference name of every 1-bit wire, indexed by wire number.
  public let names: [String]
  /// Every change of a 1-bit wire, by time, in file order within one time.
  public let changes: [Change]
  /// The last time stamp in the dump (at least the time of the last change).
  public let endTime: UInt64
  /// Names declared more than once (in different scopes) with different identifier codes.
  let ambiguousNames: Set<String>
  /// Names of vector or real variables, with their width, which the decoders cannot read.
  let wideNames: [String: Int]

  init(
    names: [String], changes: [Change], endTime: UInt64, ambiguousNames: Set<String>,
    wideNames: [String: Int]
  ) {
    self.names = names
    self.changes = changes
    self.endTime = endTime
    self.ambiguousNames = ambiguousNames
    self.wideNames = wideNames
  }

  /// Reads a dump; a malformed one is an error naming its line and column.
  public init(vcd text: String) throws(VCDError) {
    var reader = VCDReader(text: text)
    self = try reader.read()
  }

  /// The wire called `name`, or an error saying which wires the trace has.
  public func wire(_ name: String) throws(WireDecodeError) -> Int {
    if ambiguousNames.contains(name) {
      throw WireDecodeError("the trace declares '\(name)' twice with different codes")
    }
    if let width = wideNames[name] {
      throw WireDecodeError("'\(name)' is \(width) bits wide; the decoders read 1-bit wires")
    }
    guard let index = names.firstIndex(of: name) else {
      var listed: [String] = []
      for known in names where !listed.contains(known) { listed.append(known) }
      throw WireDecodeError("the trace has no wire '\(name)' (it has \(listed.joined(separator: ", ")))")
    }
    return index
  }

  /// The level of `wire` once every change at or before `time` has happened.
  public func level(of wire: Int, at time: UInt64) -> Bool? {
    var level: Bool?
    for change in changes {
      if change.time > time { break }
      if change.wire == wire { level = change.level }
    }
    return level
  }

  /// The changes grouped by time (a snapshot apart from the changes after it): at each
  /// instant, the level of every wire once all of that instant's changes are applied, and the
  /// set of wires that changed.
  func instants() -> [Instant] {
    var result: [Instant] = []
    var levels = [Bool?](repeating: nil, count: names.count)
    var index = 0
    while index < changes.count {
      let time = changes[index].time
      let snapshot = changes[index].inSnapshot
      let before = levels
      var changed = Set<Int>()
      while index < changes.count, changes[index].time == time, changes[index].inSnapshot == snapshot {
        levels[changes[index].wire] = changes[index].level
        changed.insert(changes[index].wire)
        index += 1
      }
      result.append(Instant(time: time, before: before, after: levels, changed: changed))
    }
    return result
  }

  /// The wires at one time stamp, before and after its changes.
  struct Instant {
    var time: UInt64
    var before: [Bool?]
    var after: [Bool?]
    var changed: Set<Int>

    /// Whether `wire` made `edge` at this instant (a change from or to x is no edge).
    func made(_ edge: ClockEdge, on wire: Int) -> Bool {
      guard let from = before[wire], let to = after[wire] else { return false }
      return edge.isTransition(from: from, to: to)
    }
  }
}
