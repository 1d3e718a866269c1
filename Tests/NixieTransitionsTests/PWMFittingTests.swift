import Testing

@testable import NixieTransitions

/// The PWM a board can keep when a frame write takes a given time (issue 34 §2): no slice
/// shorter than a write, the period never over 10 ms, levels given up before the period grows
/// past 16 of them.
struct PWMFittingTests {
  static let microsecond: UInt64 = 1_000

  /// write time (µs) → period (µs), levels.
  @Test(arguments: [
    (0.0, 5_000.0, 250), (20, 5_000, 250), (21, 5_000, 238), (50, 5_000, 100), (200, 5_000, 25),
    (312.5, 5_000, 16), (400, 6_400, 16), (500, 8_000, 16), (625, 10_000, 16), (1_000, 10_000, 10),
    (5_000, 10_000, 2), (5_001, 10_000, 1), (20_000, 10_000, 1),
  ])
  func fittedToTheWriteTime(_ write: Double, _ period: Double, _ levels: Int) {
    let fitted = PWMSettings.fitted(writeTime: UInt64(write * 1_000))
    #expect(fitted.period == UInt64(period * 1_000), "\(write) µs")
    #expect(fitted.levels == levels, "\(write) µs")
  }

  /// For every write time from 0 to 12 ms in 1 µs steps: the period is 1 to 10 ms, a slice is
  /// at least a write (while a write fits in 10 ms at all), and the levels never rise as writes
  /// get slower.
  @Test func noSliceIsShorterThanAWrite() {
    var last = Int.max
    for step in 0...12_000 {
      let write = UInt64(step) * Self.microsecond
      let fitted = PWMSettings.fitted(writeTime: write)
      #expect((PWMSettings.minimumPeriod...PWMSettings.maximumPeriod).contains(fitted.period))
      if write <= PWMSettings.maximumPeriod {
        #expect(fitted.offset(ofTick: 1) >= write, "\(write) ns: slice \(fitted.offset(ofTick: 1))")
      }
      #expect(fitted.levels <= last && fitted.levels >= 1, "\(write) ns")
      last = fitted.levels
    }
    #expect(PWMSettings.fitted(writeTime: .max).levels == 1)
  }
}
