import NixieDisplay

/// A tube's anti-poisoning run aimed at the cathodes that lag: a slot machine like `SlotSpin`,
/// lap after lap through `order`, but each cathode shown for a time in proportion to how far it
/// lags the tube's most used cathode (from `CathodeWear`), then the landing.
///
/// Of the run, `minimumShare` is split evenly, so every cathode is lit in every lap and the tube
/// still spins; the rest goes to the cathodes by their lag. The run is cut into as few laps as
/// keep every showing at most `maximumHold` long, so no digit looks frozen (a run too short to
/// give each cathode a nanosecond a lap, or one of more than 2³¹ laps, keeps fewer laps). When every cathode
/// has the same time (or none has glowed) the plan is the even run: every showing the same
/// length, exactly what a `SlotSpin` of that step shows. Showings are whole nanoseconds, at
/// least 1, rounded down, so the run ends within a nanosecond a showing of `start + duration`
/// (`end` says when).
///
/// Planned once per run; `cathode(at:)` then never allocates (a binary search in one lap).
public struct AimedSpin: Hashable, Sendable {
  /// Cathode indices, back of the stack to front.
  public let order: [Int]
  /// The index in `order` of the first cathode of each lap.
  public let offset: Int
  public let start: UInt64
  public let landing: CathodeSet
  /// How many times the run goes through `order`.
  public let laps: Int
  /// How long each cathode of `order` is shown on each lap, in nanoseconds (by its index in
  /// `order`).
  public let holds: [UInt64]
  /// Where each showing of a lap ends, from the lap's start, in lap order (from `offset`).
  private let ends: [UInt64]
  /// One lap's length.
  public let lapLength: UInt64
  /// When the tube lands.
  public let end: UInt64

  /// The default `minimumShare`: a quarter of the run spins evenly.
  public static let defaultMinimumShare = 0.25
  /// The default `maximumHold`: a second.
  public static let defaultMaximumHold: UInt64 = 1_000_000_000

  /// Plans a run of `duration` nanoseconds from `start` through `order`, aimed by `wear` (the
  /// tube's times, by cathode index as `CathodeWear.times(at:)` gives them; a cathode of `order`
  /// past its end counts as 0). `minimumShare` is clamped to 0…1, `maximumHold` to at least 1 ns.
  public init(
    order: [Int], wear: [UInt64], offset: Int = 0, start: UInt64, duration: UInt64, landing: CathodeSet,
    minimumShare: Double = defaultMinimumShare, maximumHold: UInt64 = defaultMaximumHold
  ) {
    self.order = order
    self.offset = order.isEmpty ? 0 : ((offset % order.count) + order.count) % order.count
    self.start = start
    self.landing = landing
    let shares = Self.shares(order: order, wear: wear, minimumShare: minimumShare)
    let longest = Double(duration) * (shares.max() ?? 0)
    let laps = max(1.0, (longest / Double(max(maximumHold, 1))).rounded(.up))
    // At most a lap a nanosecond per cathode, and 2³¹ laps: past that a showing may be longer.
    let mostLaps = min(max(duration / UInt64(max(order.count, 1)), 1), UInt64(Int32.max))
    let lapCount = order.isEmpty ? 0 : Int(min(laps, Double(mostLaps)))
    self.laps = lapCount
    let lap = Double(duration) / Double(max(lapCount, 1))
    let even = shares.allSatisfy { $0 == shares.first }
    holds = shares.map { share in
      guard !even else { return max(1, duration / UInt64(max(lapCount, 1)) / UInt64(shares.count)) }
      let hold = lap * share
      return hold < 0x1p64 ? max(1, UInt64(hold)) : .max
    }
    var ends: [UInt64] = []
    var end: UInt64 = 0
    for step in order.indices {
      end = CathodeWear.adding(end, holds[(self.offset + step) % order.count])
      ends.append(end)
    }
    self.ends = ends
    lapLength = end
    let (run, overflow) = end.multipliedReportingOverflow(by: UInt64(lapCount))
    let (finish, late) = start.addingReportingOverflow(run)
    self.end = overflow || late ? .max : finish
  }

  /// Each cathode's share of the run (by its index in `order`), adding up to 1: `minimumShare`
  /// split evenly, the rest in proportion to each one's lag behind the most used of `order`.
  public static func shares(order: [Int], wear: [UInt64], minimumShare: Double) -> [Double] {
    guard !order.isEmpty else { return [] }
    let floor = minimumShare.isNaN ? 0 : min(max(minimumShare, 0), 1)
    let times = order.map { $0 >= 0 && $0 < wear.count ? wear[$0] : 0 }
    let most = times.max() ?? 0
    let lags = times.map { Double(most - $0) }
    let totalLag = lags.reduce(0, +)
    let even = 1 / Double(order.count)
    guard totalLag > 0 else { return Array(repeating: even, count: order.count) }
    return lags.map { floor * even + (1 - floor) * $0 / totalLag }
  }

  /// How long cathode `order[index]` is lit over the whole run.
  public func litTime(ofOrderIndex index: Int) -> UInt64 {
    guard holds.indices.contains(index) else { return 0 }
    let (time, overflow) = holds[index].multipliedReportingOverflow(by: UInt64(laps))
    return overflow ? .max : time
  }

  /// The cathode shown at `time`, or nil once the tube has landed.
  public func cathode(at time: UInt64) -> Int? {
    guard time < end, !order.isEmpty else { return nil }
    let within = (time <= start ? 0 : time - start) % lapLength
    return order[(offset + showing(at: within)) % order.count]
  }

  /// The index in the lap (from `offset`) of the showing at `within` a lap: the first whose end
  /// is past it.
  private func showing(at within: UInt64) -> Int {
    var low = 0
    var high = ends.count - 1
    while low < high {
      let middle = (low + high) / 2
      if ends[middle] > within { high = middle } else { low = middle + 1 }
    }
    return low
  }

  /// Calls `body` with each main cathode shown during `[from, to)` and for how long, in time
  /// order, then with nil and the time left after landing — as `SlotSpin` does. It never
  /// allocates.
  public func visit(from: UInt64, to: UInt64, _ body: (Int?, UInt64) -> Void) {
    var time = from
    while time < to {
      guard let cathode = cathode(at: time) else {
        body(nil, to - time)
        return
      }
      let elapsed = time <= start ? 0 : time - start
      let lapStart = elapsed - elapsed % lapLength
      let showingEnd = min(start + lapStart + ends[showing(at: elapsed % lapLength)], to)
      body(cathode, showingEnd - time)
      time = showingEnd
    }
  }
}
