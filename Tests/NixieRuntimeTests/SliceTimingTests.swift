import NixieRuntime
import Testing

/// The lateness histogram behind `nixie bench`'s timing figures.
struct SliceTimingTests {
  @Test func percentilesAreReadToTheMicrosecondAbove() {
    var timing = SliceTiming()
    #expect(timing.percentile(0.5) == nil)
    for microseconds in 1...100 { timing.record(lateness: UInt64(microseconds) * 1_000 - 500) }
    #expect(timing.samples == 100)
    #expect(timing.percentile(0.5) == 50_000)
    #expect(timing.percentile(0.99) == 99_000)
    #expect(timing.percentile(1) == 99_500)
    #expect(timing.maximum == 99_500)
  }

  @Test func veryLateWritesCountInTheLastBucketAndTheMaximum() {
    var timing = SliceTiming()
    timing.record(lateness: 0)
    timing.record(lateness: 50_000_000)
    #expect(timing.percentile(0.5) == 1_000)
    #expect(timing.percentile(1) == 50_000_000)
  }
}
