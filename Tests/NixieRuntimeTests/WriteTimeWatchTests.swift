import NixieRuntime
import NixieTransitions
import Testing

/// The frame thread's measure of its writes, and when it refits the PWM (issue 34 §2).
struct WriteTimeWatchTests {
  /// A watch fed writes on a timeline of its own, and the settings its fits leave.
  struct Writes {
    var watch = WriteTimeWatch()
    var current = PWMSettings()
    /// When the last write ended, nanoseconds.
    var time: UInt64 = 1_000_000_000

    /// Records `count` writes of `duration`, one every `spacing` (1 ms unless told; never
    /// closer than a write), returning the fits asked for along the way.
    mutating func record(_ count: Int, of duration: UInt64, every spacing: UInt64 = 1_000_000)
      -> [PWMSettings]
    {
      var fits: [PWMSettings] = []
      for _ in 0..<count {
        time += max(spacing, duration)
        if let fit = watch.record(duration, at: time, current: current) {
          fits.append(fit)
          current = fit
        }
      }
      return fits
    }
  }

  @Test func theWritesAfterTheWarmUpGiveTheFirstFit() {
    var writes = Writes()
    let first = WriteTimeWatch.warmUp + WriteTimeWatch.window
    let refits1 = writes.record(first - 1, of: 200_000)
    #expect(refits1.isEmpty)
    #expect(writes.watch.writeTime == nil)
    let refits2 = writes.record(1, of: 200_000)
    #expect(refits2 == [PWMSettings.fitted(writeTime: 250_000)])
    #expect(writes.watch.writeTime == 200_000)
    #expect(writes.current.levels == 20)
    #expect(writes.current.slice == 250_000)
  }

  /// The first writes after start, however slow (the kernel VM's took 2.5–3.8 ms where the
  /// next took 100 µs), are not measured: the first fit is the board's.
  @Test func theWarmUpsSlowWritesAreNotMeasured() {
    var writes = Writes()
    let fits =
      writes.record(WriteTimeWatch.warmUp, of: 3_000_000) + writes.record(WriteTimeWatch.window, of: 100_000)
    #expect(fits == [PWMSettings.fitted(writeTime: 125_000)])
    #expect(writes.watch.writeTime == 100_000)
  }

  /// A slow board's first measure fits at once, and the fit is undone within a window once the
  /// writes are fast.
  @Test func theFirstMeasureFitsAtOnceAndFasterWritesUndoItWithinAWindow() {
    var writes = Writes()
    _ = writes.record(WriteTimeWatch.warmUp, of: 0)
    let refits3 = writes.record(WriteTimeWatch.window, of: 3_000_000)
    #expect(refits3 == [PWMSettings.fitted(writeTime: 3_750_000)])
    #expect(writes.current.levels == 2)
    let refits4 = writes.record(WriteTimeWatch.window, of: 100_000)
    #expect(refits4 == [PWMSettings.fitted(writeTime: 125_000)])
  }

  /// An idle display's writes — two a second, each out of a sleeping machine — are not
  /// measured, however slow: in a CI run's loaded VM they took 4.9 ms, and their fit (one
  /// level) kept a clock dimmed to 30 % fully lit. The first run of writes (a fade, a dimmed
  /// display's PWM) is measured, and fits.
  @Test func anIdleDisplaysSparseWritesAreNotMeasuredTheFirstRunIs() {
    var writes = Writes()
    let idle = writes.record(
      WriteTimeWatch.warmUp + 4 * WriteTimeWatch.window, of: 4_930_000, every: 500_000_000)
    #expect(idle.isEmpty)
    #expect(writes.watch.writeTime == nil)
    // A write just past a run's gap does not count either; one within it does.
    let gap = WriteTimeWatch.runGap
    let justPast = writes.record(WriteTimeWatch.window, of: 100_000, every: gap + 100_001)
    #expect(justPast.isEmpty)
    #expect(writes.watch.writeTime == nil)
    let run = writes.record(WriteTimeWatch.window, of: 100_000, every: gap + 100_000)
    #expect(run == [PWMSettings.fitted(writeTime: 125_000)])
    #expect(writes.watch.writeTime == 100_000)
  }

  @Test func aFastBoardKeepsTheStandardPWM() {
    var writes = Writes()
    let refits5 = writes.record(2_000, of: 3_000)
    #expect(refits5.isEmpty)
    #expect(writes.watch.writeTime == 3_000)
    #expect(writes.current == PWMSettings())
  }

  /// A write the thread was preempted in, one in three, does not move the median.
  @Test func theMedianIgnoresTheOddSlowWrite() {
    var writes = Writes()
    var fits: [PWMSettings] = []
    for index in 0..<1_000 {
      fits += writes.record(1, of: index % 3 == 0 ? 2_000_000 : 10_000)
    }
    #expect(fits.isEmpty)
    #expect(writes.watch.writeTime == 10_000)
  }

  /// A slow moment does not cut the PWM's levels: in a CI run's loaded VM one window of
  /// writes took 5.56 ms (median) among windows of 0.4–0.9 ms, and the fit of it — one level,
  /// on or off — turned a clock dimmed to 43 % dark and then full for 16 s. Windows that slow
  /// for less than `sustained` leave the PWM alone; the next fast window ends the slowness.
  @Test func aSlowMomentLeavesThePWMAlone() {
    var writes = Writes()
    _ = writes.record(WriteTimeWatch.warmUp + WriteTimeWatch.window, of: 500_000, every: 666_000)
    let fitted = writes.current
    #expect(fitted == PWMSettings.fitted(writeTime: 625_000))
    for _ in 0..<3 {
      let refits6 = writes.record(WriteTimeWatch.window, of: 5_560_000)
      #expect(refits6.isEmpty)
      let refits7 = writes.record(WriteTimeWatch.window, of: 500_000, every: 666_000)
      #expect(refits7.isEmpty)
    }
    // Three windows of them in a row: 0.27 s.
    let refits8 = writes.record(WriteTimeWatch.window * 3, of: 5_560_000)
    #expect(refits8.isEmpty)
    #expect(writes.current == fitted)
    #expect(writes.watch.writeTime == 5_560_000)
  }

  /// Writes too slow for the slices for `sustained` refit, to the least slow of their
  /// measures: the board is slower now, by at least that much.
  @Test func writesSlowForASecondRefitToTheirLeastSlowMeasure() {
    var writes = Writes()
    _ = writes.record(WriteTimeWatch.warmUp + WriteTimeWatch.window, of: 100_000)
    #expect(writes.current == PWMSettings.fitted(writeTime: 125_000))
    var fits: [PWMSettings] = []
    var windows = 0
    while fits.isEmpty && windows < 100 {
      fits = writes.record(WriteTimeWatch.window, of: windows == 1 ? 2_000_000 : 4_000_000, every: 0)
      windows += 1
    }
    // The slowness starts with the first slow window's end; the 2 ms window takes 32 ms, the
    // others 64 ms each: the 18th window is the first to end a second (1 056 ms) after it.
    #expect(windows == 18)
    #expect(fits == [PWMSettings.fitted(writeTime: 2_500_000)])
    #expect(writes.watch.writeTime == 2_000_000)
  }

  /// The slice is a write and a quarter; a measure that wanders by a few percent, or outgrows
  /// it for a moment, leaves the PWM alone; faster writes refit once a slice holds two.
  @Test func fasterWritesRefitOnlyWhenTwiceAsFast() {
    var writes = Writes()
    _ = writes.record(WriteTimeWatch.warmUp + WriteTimeWatch.window, of: 100_000)
    #expect(writes.current == PWMSettings.fitted(writeTime: 125_000))
    #expect(writes.current.slice == 125_000)
    for wandering in [95_000, 104_000, 120_000, 125_000, 70_000, 130_000, 100_000] as [UInt64] {
      let refits9 = writes.record(WriteTimeWatch.window, of: wandering)
      #expect(refits9.isEmpty)
    }
    let refits10 = writes.record(WriteTimeWatch.window, of: 40_000)
    #expect(refits10 == [PWMSettings.fitted(writeTime: 50_000)])
    #expect(writes.current.slice == 50_000)
  }

  /// The words the clock logs and the doctor and bench print.
  @Test func aMeasureIsDescribedWithItsFit() {
    #expect(
      WriteTimeWatch.describe(writeTime: 412_000, settings: PWMSettings.fitted(writeTime: 515_000))
        == "a frame write takes 412 µs: the PWM plays 8.24 ms in 16 levels of 515 µs")
    #expect(
      WriteTimeWatch.describe(writeTime: 3_500, settings: PWMSettings())
        == "a frame write takes 3.5 µs: the PWM plays 5 ms in 250 levels of 20 µs")
    #expect(
      WriteTimeWatch.describe(writeTime: 6_000_000, settings: PWMSettings.fitted(writeTime: 7_500_000))
        == "a frame write takes 6 ms: the PWM plays 10 ms in 1 levels of 10 ms")
  }
}
