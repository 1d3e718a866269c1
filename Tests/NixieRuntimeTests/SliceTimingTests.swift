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

/// A run's own writes, out of a timing that also holds earlier ones.
struct SliceTimingSinceTests {
  @Test func onlyTheWritesSinceAreCounted() {
    var timing = SliceTiming()
    for _ in 0..<10 { timing.record(lateness: 300_000) }
    let before = timing
    for _ in 0..<4 { timing.record(lateness: 0) }
    timing.record(lateness: 2_500)
    let since = timing.since(before)
    #expect(since.samples == 5)
    #expect(since.maximum == 2_000)
    #expect(since.percentile(0.5) == 1_000)
    #expect(timing.since(timing).samples == 0)
    timing.record(lateness: 400_000)
    #expect(timing.since(before).maximum == 400_000)
  }
}
