import NixieBoardModel
import NixieDrivers
import NixieRuntime
import NixieSimulator
import NixieTransitions
import Testing

/// A board whose frame writes are slow (`--sim-write-time`, a Pi bit-banging a long chain):
/// the frame thread measures the writes and fits its PWM to them (issue 34 §2), so a fade
/// still rises without a reversal and no write starts late. Read from the frames the chain
/// model decodes off the wire.
struct SlowWriteFadeTests {
  /// What a 500 ms cross-fade of the last tube looked like on the wire.
  struct Fade {
    /// The new digit's duty in each window of whole periods, in order.
    var duties: [Double]
    /// How late the fade's writes started after their deadlines.
    var lateness: SliceTiming
    var measured: UInt64?
    var settings: PWMSettings?
  }

  /// A first fade lets the thread measure; the second is the one read.
  static func fade(writeTime: UInt64, fitting: Bool) throws -> Fade {
    let board = try Boards.reference()
    let clock = ManualClock(start: 1_000_000)
    let sim = try SimulatedBoard(board: board, clock: clock, writeTime: writeTime)
    let recorder = FrameRecorder()
    sim.display.addObserver(recorder)
    try sim.driver.start()
    let scheduler = FrameScheduler(
      layout: board.layout, driver: sim.driver, clock: clock, fitsPWM: fitting)
    try scheduler.start()
    defer { scheduler.stop() }
    scheduler.show(try board.formatter.format("123456"), transition: TransitionSpec(.crossfade))
    try scheduler.waitUntilSettled()
    clock.advance(by: 20_000_000)
    let before = scheduler.timing
    let duration: UInt64 = 500_000_000
    let end = scheduler.show(
      try board.formatter.format("123457"), transition: TransitionSpec(.crossfade, duration: duration))
    try scheduler.waitUntilSettled()
    let settings = scheduler.pwmSettings
    let window = 2 * (settings?.period ?? 5_000_000)
    let seven = board.layout.digit(7, at: 7)
    let duties = stride(from: end - duration, through: end - window, by: Int(window)).map { from in
      FadeOnTheWireTests.duty(recorder.frames, position: 7, cathode: seven, from: from, to: from + window)
    }
    return Fade(
      duties: duties, lateness: scheduler.timing.since(before), measured: scheduler.writeTime,
      settings: settings)
  }

  @Test(arguments: [50_000, 200_000, 500_000] as [UInt64])
  func aFadeOnASlowBoardRisesWithoutReversalsAndNoWriteIsLate(_ writeTime: UInt64) throws {
    let fade = try Self.fade(writeTime: writeTime, fitting: true)
    #expect(fade.measured == writeTime)
    let settings = try #require(fade.settings)
    #expect(settings == PWMSettings.fitted(writeTime: WriteTimeWatch.headroom(writeTime)))
    #expect(settings.slice >= writeTime)
    for (index, pair) in zip(fade.duties, fade.duties.dropFirst()).enumerated() {
      #expect(pair.1 >= pair.0, "window \(index + 1): \(pair.1) after \(pair.0) in \(fade.duties)")
    }
    #expect(try #require(fade.duties.first) < 0.1, "\(fade.duties)")
    #expect(try #require(fade.duties.last) > 0.9, "\(fade.duties)")
    #expect(fade.lateness.samples > 50)
    #expect(fade.lateness.maximum == 0, "\(fade.lateness.maximum) ns late")
  }

  /// Without the fit the same board's writes overrun the 20 µs slices: they start late, so a
  /// cathode's time on the wire is what the overruns make it, not what the PWM asked for. The
  /// check the fitted fades pass (no write late) fails here.
  @Test func withoutTheFitTheSameFadesWritesStartLate() throws {
    let fade = try Self.fade(writeTime: 200_000, fitting: false)
    #expect(fade.settings == PWMSettings())
    #expect(fade.lateness.maximum >= 100_000)
    #expect(try #require(fade.lateness.percentile(0.9)) >= 100_000, "\(fade.lateness.samples) writes")
  }
}
