import NixieRuntime
import NixieTransitions
import Testing

/// The frame thread's measure of its writes, and when it refits the PWM (issue 34 §2).
struct WriteTimeWatchTests {
  /// Records `count` writes of `duration`, returning the fits asked for along the way.
  static func record(
    _ watch: inout WriteTimeWatch, _ count: Int, of duration: UInt64, current: inout PWMSettings
  ) -> [PWMSettings] {
    var fits: [PWMSettings] = []
    for _ in 0..<count {
      if let fit = watch.record(duration, current: current) {
        fits.append(fit)
        current = fit
      }
    }
    return fits
  }

  @Test func theWritesAfterTheWarmUpGiveTheFirstFit() {
    var watch = WriteTimeWatch()
    var current = PWMSettings()
    let first = WriteTimeWatch.warmUp + WriteTimeWatch.window
    #expect(Self.record(&watch, first - 1, of: 200_000, current: &current).isEmpty)
    #expect(watch.writeTime == nil)
    #expect(
      Self.record(&watch, 1, of: 200_000, current: &current) == [PWMSettings.fitted(writeTime: 250_000)])
    #expect(watch.writeTime == 200_000)
    #expect(current.levels == 20)
    #expect(current.slice == 250_000)
  }

  /// The first writes after start, however slow (the kernel VM's took 2.5–3.8 ms where the
  /// next took 100 µs), are not measured: the first fit is the board's.
  @Test func theWarmUpsSlowWritesAreNotMeasured() {
    var watch = WriteTimeWatch()
    var current = PWMSettings()
    let warmUp = Self.record(&watch, WriteTimeWatch.warmUp, of: 3_000_000, current: &current)
    let fits = warmUp + Self.record(&watch, WriteTimeWatch.window, of: 100_000, current: &current)
    #expect(fits == [PWMSettings.fitted(writeTime: 125_000)])
    #expect(watch.writeTime == 100_000)
  }

  /// A fit a slow moment made is undone within a window once the writes are fast again.
  @Test func aSlowMomentsFitIsUndoneWithinAWindow() {
    var watch = WriteTimeWatch()
    var current = PWMSettings()
    _ = Self.record(&watch, WriteTimeWatch.warmUp, of: 0, current: &current)
    _ = Self.record(&watch, WriteTimeWatch.window, of: 3_000_000, current: &current)
    #expect(current.levels == 2)
    #expect(
      Self.record(&watch, WriteTimeWatch.window, of: 100_000, current: &current) == [
        PWMSettings.fitted(writeTime: 125_000)
      ])
  }

  @Test func aFastBoardKeepsTheStandardPWM() {
    var watch = WriteTimeWatch()
    var current = PWMSettings()
    #expect(Self.record(&watch, 2_000, of: 3_000, current: &current).isEmpty)
    #expect(watch.writeTime == 3_000)
    #expect(current == PWMSettings())
  }

  /// A write the thread was preempted in, one in three, does not move the median.
  @Test func theMedianIgnoresTheOddSlowWrite() {
    var watch = WriteTimeWatch()
    var current = PWMSettings()
    var fits: [PWMSettings] = []
    for index in 0..<1_000 {
      let duration: UInt64 = index % 3 == 0 ? 2_000_000 : 10_000
      if let fit = watch.record(duration, current: current) {
        fits.append(fit)
        current = fit
      }
    }
    #expect(fits.isEmpty)
    #expect(watch.writeTime == 10_000)
  }

  /// The slice is a write and a quarter; writes that outgrow it refit at once, faster ones
  /// only once a slice holds two, so a measure that wanders by a few percent leaves the PWM
  /// alone.
  @Test func slowerWritesRefitAtOnceAndFasterOnesOnlyWhenTwiceAsFast() {
    var watch = WriteTimeWatch()
    var current = PWMSettings()
    _ = Self.record(&watch, WriteTimeWatch.warmUp + WriteTimeWatch.window, of: 100_000, current: &current)
    #expect(current == PWMSettings.fitted(writeTime: 125_000))
    #expect(current.slice == 125_000)
    for wandering in [95_000, 104_000, 120_000, 125_000, 70_000] as [UInt64] {
      #expect(Self.record(&watch, WriteTimeWatch.window, of: wandering, current: &current).isEmpty)
    }
    #expect(
      Self.record(&watch, WriteTimeWatch.window, of: 130_000, current: &current) == [
        PWMSettings.fitted(writeTime: 162_500)
      ])
    #expect(
      Self.record(&watch, WriteTimeWatch.window, of: 40_000, current: &current) == [
        PWMSettings.fitted(writeTime: 50_000)
      ])
    #expect(current.slice == 50_000)
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
