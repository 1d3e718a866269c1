import NixieDisplay

/// The frames of one PWM period, in order: each lit from its offset until the next one's.
///
/// Storage is allocated once for the most slices a layout can need and reused every period.
public struct PWMSlices: Sendable {
  /// The slices in use.
  public internal(set) var count = 0
  /// The frame of each slice; only the first `count` are meaningful.
  public internal(set) var frames: [DisplayState]
  /// Where each slice starts in the period, in nanoseconds.
  public internal(set) var offsets: [UInt64]
  public let period: UInt64

  init(layout: DisplayLayout, capacity: Int, period: UInt64) {
    frames = Array(repeating: layout.blank, count: capacity)
    offsets = Array(repeating: 0, count: capacity)
    self.period = period
  }

  /// How long slice `index` lasts.
  public func duration(of index: Int) -> UInt64 {
    (index + 1 < count ? offsets[index + 1] : period) - offsets[index]
  }
}
