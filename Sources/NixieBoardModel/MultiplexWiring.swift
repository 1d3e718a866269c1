/// How a multiplexed board scans its anode groups (NCM109): one group lit at a time, each
/// position of the layout in one group (or in all, like dots lit in every frame).
public struct MultiplexWiring: Hashable, Sendable {
  /// Full rounds of the groups per second: how often each tube is lit (at least 100).
  public var scanHz: Int
  /// Dark time between two groups, in nanoseconds, against ghosting.
  public var blankNanoseconds: UInt64
  /// The number of groups.
  public var groupCount: Int

  public init(scanHz: Int, blankNanoseconds: UInt64, groupCount: Int) {
    self.scanHz = scanHz
    self.blankNanoseconds = blankNanoseconds
    self.groupCount = groupCount
  }

  /// Nanoseconds one group is visited for, its dark gap included.
  public var slotNanoseconds: UInt64 {
    1_000_000_000 / UInt64(max(1, scanHz)) / UInt64(max(1, groupCount))
  }
}
