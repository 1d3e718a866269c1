/// Events that come close together, taken as one — a slider's steps, a flood of messages, a
/// storm of the same warning: how many, and when the first and the last came (monotonic
/// nanoseconds). It is over `quiet` after its last event, or `longest` after its first while
/// they keep coming, whichever is sooner: so something done once per burst is done at least
/// every `longest`, never more often than every `quiet`.
public struct Burst: Hashable, Sendable {
  public private(set) var count = 1
  public private(set) var first: UInt64
  public private(set) var last: UInt64

  /// A burst of one event at `time`.
  public init(at time: UInt64) {
    first = time
    last = time
  }

  /// One more event at `time`.
  public mutating func add(at time: UInt64) {
    count += 1
    last = max(last, time)
  }

  /// When it is over, given how long it must be quiet and how long it may last at most.
  public func over(quiet: UInt64, longest: UInt64) -> UInt64 {
    let (calm, calmOverflow) = last.addingReportingOverflow(quiet)
    let (end, endOverflow) = first.addingReportingOverflow(longest)
    return min(calmOverflow ? .max : calm, endOverflow ? .max : end)
  }

  /// From the first event to the last, in whole seconds.
  public var seconds: Int { Int((last - first) / 1_000_000_000) }
}
