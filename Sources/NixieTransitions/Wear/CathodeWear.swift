import NixieDisplay

/// How long each cathode of a display has glowed, weighted by its PWM duty: the count that tube
/// care (issue 33) keeps so anti-poisoning can be aimed at the cathodes that lag. A cathode at
/// duty 0.3 for 1 s gains 0.3 s; a cross-fade counts each side by its share.
///
/// Times are `UInt64` nanoseconds, not `Double` seconds: a `Double` holds whole nanoseconds
/// exactly only up to 2⁵³ ns (104 days), and a tube glows for years, so a `Double` sum would
/// stop gaining from 5 ms frames long before the tube dies. Integers add exactly, round-trip
/// through `WearRecord` exactly, and never drift. Each frame's share is rounded to the nearest
/// nanosecond (at most ½ ns a frame: 100 ns a second at 200 frames a second, 10⁻⁷ of the time).
/// Every time saturates at `ceiling` (10¹⁹ ns, about 317 years) instead of trapping.
///
/// Held flat, one array for the whole display, so `add(_:for:)` — called for every frame —
/// writes in place and never allocates.
public struct CathodeWear: Hashable, Sendable {
  /// The most a cathode's time can reach, in nanoseconds: 10¹⁹ (about 317 years), below
  /// `UInt64.max` so what `WearRecord` writes it can read back.
  public static let ceiling: UInt64 = 10_000_000_000_000_000_000

  /// Every cathode's time, position after position, in the order of each tube model's cathodes.
  private var times: [UInt64]
  /// Where each position's cathodes start in `times`, and one past the last at the end.
  private let starts: [Int]

  /// Every cathode of `layout` at zero.
  public init(layout: DisplayLayout) {
    var starts = [0]
    for position in layout.positions {
      starts.append(starts[starts.count - 1] + position.model.cathodes.count)
    }
    self.starts = starts
    times = Array(repeating: 0, count: starts[starts.count - 1])
  }

  /// The number of display positions.
  public var positionCount: Int { starts.count - 1 }

  /// The number of cathodes of position `position` (0 for a position it does not have).
  public func cathodeCount(at position: Int) -> Int {
    guard position >= 0, position < positionCount else { return 0 }
    return starts[position + 1] - starts[position]
  }

  /// Whether this count is for `layout`: the same positions with the same number of cathodes.
  public func fits(_ layout: DisplayLayout) -> Bool {
    layout.positions.count == positionCount
      && layout.positions.indices.allSatisfy {
        layout.positions[$0].model.cathodes.count == cathodeCount(at: $0)
      }
  }

  /// The time of cathode `cathode` of position `position`, in nanoseconds; 0 for one it does
  /// not have.
  public subscript(position: Int, cathode: Int) -> UInt64 {
    get {
      guard cathode >= 0, cathode < cathodeCount(at: position) else { return 0 }
      return times[starts[position] + cathode]
    }
    set {
      guard cathode >= 0, cathode < cathodeCount(at: position) else { return }
      times[starts[position] + cathode] = min(newValue, Self.ceiling)
    }
  }

  /// The times of position `position`'s cathodes, in the order of its tube model's cathodes.
  public func times(at position: Int) -> [UInt64] {
    guard position >= 0, position < positionCount else { return [] }
    return Array(times[starts[position]..<starts[position + 1]])
  }

  /// Counts a frame: every cathode gains `duties` of it times `nanoseconds`. Duties outside
  /// 0…1 (or not a number) count as the nearest of 0 and 1; positions or cathodes `duties` has
  /// beyond this count's are left out. It never allocates and never traps.
  public mutating func add(_ duties: CathodeDuties, for nanoseconds: UInt64) {
    guard nanoseconds > 0 else { return }
    let length = Double(nanoseconds)
    let positions = min(duties.duties.count, positionCount)
    for position in 0..<positions {
      let start = starts[position]
      let count = min(duties.duties[position].count, starts[position + 1] - start)
      for cathode in 0..<count {
        let gain = Self.share(duties.duties[position][cathode], of: length, whole: nanoseconds)
        guard gain > 0 else { continue }
        times[start + cathode] = Self.adding(times[start + cathode], gain)
      }
    }
  }

  /// Counts a frame of cathodes on or off: every cathode `state` lights gains `nanoseconds`.
  /// Positions or cathodes beyond this count's are left out; it never allocates and never traps.
  public mutating func add(_ state: DisplayState, for nanoseconds: UInt64) {
    guard nanoseconds > 0 else { return }
    let positions = min(state.lit.count, positionCount)
    for position in 0..<positions {
      let start = starts[position]
      let count = starts[position + 1] - start
      var bits = state.lit[position].bits
      while bits != 0 {
        let cathode = bits.trailingZeroBitCount
        bits &= bits - 1
        guard cathode < count else { break }
        times[start + cathode] = Self.adding(times[start + cathode], nanoseconds)
      }
    }
  }

  /// `duty` of a frame `length` (`whole` nanoseconds) long, rounded to the nanosecond.
  @inline(__always)
  static func share(_ duty: Double, of length: Double, whole: UInt64) -> UInt64 {
    guard duty > 0 else { return 0 }  // NaN too
    guard duty < 1 else { return whole }
    let product = (duty * length).rounded()
    return product >= Double(ceiling) ? ceiling : UInt64(product)
  }

  /// `time + gain`, stopping at `ceiling`.
  @inline(__always)
  static func adding(_ time: UInt64, _ gain: UInt64) -> UInt64 {
    let (sum, overflow) = time.addingReportingOverflow(gain)
    return overflow ? ceiling : min(sum, ceiling)
  }

  /// Position `position`'s cathodes' times added up (saturating at `ceiling`).
  public func total(at position: Int) -> UInt64 {
    guard position >= 0, position < positionCount else { return 0 }
    return times[starts[position]..<starts[position + 1]].reduce(0) { Self.adding($0, $1) }
  }

  /// The time of position `position`'s most used cathode.
  public func mostUsed(at position: Int) -> UInt64 {
    guard position >= 0, position < positionCount else { return 0 }
    return times[starts[position]..<starts[position + 1]].max() ?? 0
  }

  /// A cathode and how far it lags: its time and its share of the tube's most used cathode's
  /// (1 when no cathode has glowed yet).
  public struct Laggard: Hashable, Sendable {
    /// The cathode's index in its tube model's cathodes.
    public let cathode: Int
    public let nanoseconds: UInt64
    /// `nanoseconds` over the most used cathode's, 0…1.
    public let share: Double
  }

  /// Position `position`'s cathodes, least used first (ties in the tube model's order), each
  /// with its share of the most used one's time.
  public func laggards(at position: Int) -> [Laggard] {
    let times = times(at: position)
    let most = times.max() ?? 0
    return times.indices.sorted { (times[$0], $0) < (times[$1], $1) }.map {
      Laggard(cathode: $0, nanoseconds: times[$0], share: most == 0 ? 1 : Double(times[$0]) / Double(most))
    }
  }
}
