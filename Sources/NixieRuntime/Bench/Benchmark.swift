import NixieBoardModel
import NixieBoards
import NixieCore
import NixieDrivers
import NixieSystem
import NixieText
import NixieTransitions
import NixieTransports

/// `nixie bench`: measures the transition engine and the frame scheduler on this machine —
/// render throughput, heap allocations per frame (under glibc's malloc tracer) and how late
/// the frame thread's writes start, on the simulated default board.
public struct Benchmark {
  /// How long the real-clock timing run lasts (seconds).
  public var seconds: Double
  /// Periods rendered per throughput run.
  public var periods: Int
  /// The timing run's frame thread at real-time priority with memory locked (`RealTime`).
  public var realtime: Bool
  /// Makes the timing run's backend (the command line's; asked for the simulator).
  public var backends: any BackendFactory

  public init(seconds: Double, periods: Int, realtime: Bool = false, backends: any BackendFactory) {
    self.seconds = seconds
    self.periods = periods
    self.realtime = realtime
    self.backends = backends
  }

  /// Runs every measurement, printing a line for each.
  public func run() throws {
    let board = try BoardCatalog.load(.builtIn(BoardCatalog.defaultName))
    let layout = board.layout
    let clock = SystemClock()
    let settings = PWMSettings()
    FileStream.standardOutput.line(
      "nixie bench on \(board.name): PWM period \(settings.period / 1_000) µs in \(settings.levels) steps")

    for (name, timeline) in [
      ("six tubes cross-fading together", try Self.together(board)),
      ("six tubes cross-fading, staggered", try Self.staggered(board)),
    ] {
      var renderer = FrameRenderer(layout: layout, settings: settings)
      let window = timeline.end - timeline.start
      var slices = 0
      let started = clock.now()
      for period in 0..<periods {
        let offset = UInt64(period) * settings.period % window
        renderer.render(timeline, periodStart: timeline.start + offset)
        slices += renderer.slices.count
      }
      let elapsed = Double(clock.now() - started) / 1e9
      FileStream.standardOutput.line(
        "render, \(name): \(Self.rate(Double(periods) / elapsed)) periods/s, "
          + "\(Self.rate(Double(slices) / elapsed)) frames/s "
          + "(\(DecimalText.text(Double(slices) / Double(periods), places: 1)) frames a period, "
          + "\(DecimalText.text(elapsed * 1e9 / Double(periods), places: 0)) ns a period)")
    }

    try countingCost(board, clock: clock, settings: settings)
    try allocations(board)
    try timing(board, clock: clock)
  }

  /// What tube care's count (`WearCount`) costs a frame the scheduler writes: the staggered
  /// fade's frames counted as the scheduler counts them, against rendering them.
  private func countingCost(_ board: BoardProfile, clock: SystemClock, settings: PWMSettings) throws {
    let timeline = try Self.staggered(board)
    var renderer = FrameRenderer(layout: board.layout, settings: settings)
    var count = WearCount(wear: CathodeWear(layout: board.layout), at: 0)
    let window = timeline.end - timeline.start
    var frames = 0
    var counting: UInt64 = 0
    for period in 0..<periods {
      let start = UInt64(period) * settings.period
      renderer.render(timeline, periodStart: timeline.start + start % window)
      let slices = renderer.slices
      let before = clock.now()
      for index in 0..<slices.count {
        count.wrote(.frame(slices.frames[index]), at: start + slices.offsets[index])
      }
      counting += clock.now() - before
      frames += slices.count
    }
    FileStream.standardOutput.line(
      "tube care's count, staggered fade: \(DecimalText.text(Double(counting) / Double(max(frames, 1)), places: 0))"
        + " ns a frame (\(frames) frames, \(WearRecord.seconds(count.wear.total(at: 0))) s counted on tube 1)"
    )
  }

  /// Every tube changes digit at once: 500 ms perceptual cross-fade.
  static func together(_ board: BoardProfile) throws -> FadeTimeline {
    TransitionPlanner.plan(
      from: CathodeDuties(try board.formatter.format("012345"), layout: board.layout),
      to: try board.formatter.format("678901"), layout: board.layout, transition: .crossfade, at: 0)
  }

  /// Each tube starts fading 80 ms after its left neighbour, so all six fade at different duties;
  /// the timeline returned starts when the last one started.
  static func staggered(_ board: BoardProfile) throws -> FadeTimeline {
    var digits = Array("012345")
    var timeline = FadeTimeline.steady(try board.formatter.format(String(digits)))
    for tube in 0..<6 {
      digits[tube] = Character(String((tube + 6) % 10))
      let start = UInt64(tube) * 80_000_000
      timeline = TransitionPlanner.plan(
        from: timeline.duties(at: start, layout: board.layout),
        to: try board.formatter.format(String(digits)),
        layout: board.layout, transition: .crossfade, at: start)
    }
    return FadeTimeline(positions: timeline.positions, target: timeline.target, start: 400_000_000)
  }

  private func allocations(_ board: BoardProfile) throws {
    guard AllocationCounter.traceFile != nil else {
      FileStream.standardOutput.line(
        "allocations: not counted (run under LD_PRELOAD=libc_malloc_debug.so.0 MALLOC_TRACE=FILE)")
      return
    }
    try renderingAllocations(board)
    let (driver, pacer, now) = try pacingAllocations(board)
    try schedulerAllocations(board, driver: driver, pacer: pacer, now: now)
  }

  /// The frame renderer's allocations over a staggered fade, after a first pass has filled
  /// the runtime's caches.
  private func renderingAllocations(_ board: BoardProfile) throws {
    let staggered = try Self.staggered(board)
    var renderer = FrameRenderer(layout: board.layout)
    let periods = min(self.periods, 10_000)
    // A first pass over the same 20 periods lets the Swift runtime fill its caches
    // (metadata made on first use, kept for the process): steady state is what follows.
    for period in 0..<20 {
      renderer.render(staggered, periodStart: staggered.start + UInt64(period) * 5_000_000)
    }
    let rendering = AllocationCounter.count {
      for period in 0..<periods {
        renderer.render(staggered, periodStart: staggered.start + UInt64(period % 20) * 5_000_000)
      }
    }
    FileStream.standardOutput.line(
      "allocations, rendering (staggered fade): \(Self.count(rendering)) in \(periods) periods")
  }

  /// The pacer and the bit-bang driver, through a 20 s fade of every tube, on lines that go
  /// nowhere: everything the frame thread does per frame except sleeping. Returns the driver,
  /// the pacer and its time for the scheduler's run.
  private func pacingAllocations(_ board: BoardProfile) throws
    -> (driver: ShiftChainBitBangDriver, pacer: FramePacer, now: UInt64)
  {
    guard let driver = ShiftChainBitBangDriver(board: board, lines: NullLines()) else {
      throw NixieError(
        .badUsage, "\(board.name) is not a shift-register board: the bit-bang benchmark needs one")
    }
    try driver.start()
    var pacer = FramePacer(layout: board.layout)
    var now: UInt64 = 0
    pacer.show(try board.formatter.format("012345"), transition: .none, at: now)
    while case .write = pacer.next(now: now) { try driver.write(pacer.frame) }
    pacer.show(
      try board.formatter.format("678901"), transition: TransitionSpec(.crossfade, duration: 20_000_000_000),
      at: now)
    for _ in 0..<200 {
      if case .write(let deadline) = pacer.next(now: now) {
        now = deadline
        try driver.write(pacer.frame)
      }
    }
    var frames = 0
    var failure: (any Error)?
    let pacing = AllocationCounter.count {
      while case .write(let deadline) = pacer.next(now: now), frames < min(periods, 5_000) {
        now = deadline
        do {
          try driver.write(pacer.frame)
        } catch {
          failure = error
          return
        }
        frames += 1
      }
    }
    if let failure { throw failure }
    FileStream.standardOutput.line(
      "allocations, pacing + HV5622 bit-bang driver: \(Self.count(pacing)) in \(frames) frames")
    return (driver, pacer, now)
  }

  /// The scheduler's thread on the real clock, writing to `driver` from `pacer`'s last frame.
  private func schedulerAllocations(
    _ board: BoardProfile, driver: ShiftChainBitBangDriver, pacer: FramePacer, now: UInt64
  ) throws {
    // The scheduler's thread on the real clock. glibc's tracer is not thread-safe, so each
    // window opens and closes while the thread is blocked: it covers the request and the whole
    // fade. What the request alone costs is counted on a pacer (the same planning code).
    // Counted for tube care as the clock counts, so the figure includes it.
    let clock = SystemClock()
    let scheduler = FrameScheduler(
      layout: board.layout, driver: driver, clock: clock, showing: pacer.frame,
      wear: Locked(WearCount(wear: CathodeWear(layout: board.layout), at: clock.now())))
    try scheduler.start()
    scheduler.show(try board.formatter.format("135791"), transition: .none)
    try scheduler.waitUntilSettled()
    var threadError: (any Error)?
    var figures: [String] = []
    let fade = TransitionSpec(.crossfade, duration: UInt64(min(seconds, 1) * 1e9))
    for value in ["024680", "975319"] {
      let state = try board.formatter.format(value)
      var planner = pacer
      let request = AllocationCounter.count { planner.show(state, transition: fade, at: now) }
      let before = scheduler.writeCount
      let window = AllocationCounter.count {
        scheduler.show(state, transition: fade)
        do { try scheduler.waitUntilSettled() } catch { threadError = error }
      }
      if let threadError { throw threadError }
      let frames = scheduler.writeCount - before
      let frameAllocations = window.flatMap { total in request.map { max(total - $0, 0) } }
      figures.append(
        "\(Self.count(frameAllocations)) in \(frames) frames (+ \(Self.count(request)) to plan it)")
    }
    scheduler.stop()
    FileStream.standardOutput.line(
      "allocations, scheduler thread, real clock, \(Double(fade.duration) / 1e9) s fades: "
        + "first \(figures[0]), then \(figures[1])")
  }

  /// Cross-fades on the simulated board brought up as `nixie show` brings a board up, with
  /// the frame thread's write times recorded.
  private func timing(_ board: BoardProfile, clock: SystemClock) throws {
    let (backend, _) = try backends.backend(for: BoardChoice(backend: .sim))
    let session = try DisplaySession(board: board, backend: backend, view: false, clock: clock)
    let scheduler = session.scheduler
    var mode = "normal priority"
    if realtime {
      do {
        try scheduler.makeRealTime()
        try RealTime.lockMemory()
        mode = "SCHED_FIFO \(RealTime.priority), memory locked"
      } catch {
        mode = "normal priority: real-time refused (\(error))"
      }
    }
    var random = SystemRandomNumberGenerator()
    let end = clock.now() + UInt64(seconds * 1e9)
    var next = clock.now()
    do {
      while next < end {
        let value = String(Int.random(in: 0..<1_000_000, using: &random))
        scheduler.show(try board.formatter.format(value), transition: .crossfade)
        next += 500_000_000
        clock.sleep(until: min(next, end))
      }
    } catch {
      session.finish()
      throw error
    }
    session.finish()
    if let failure = scheduler.failure { throw failure }
    let timing = scheduler.timing
    func micro(_ value: UInt64?) -> String {
      value.map { DecimalText.text(Double($0) / 1e3, places: 0) + " µs" } ?? "—"
    }
    FileStream.standardOutput.line(
      "slice timing on the simulator, real clock, \(seconds) s of cross-fades, \(mode): write start after its deadline "
        + "p50 \(micro(timing.percentile(0.5))), p99 \(micro(timing.percentile(0.99))), "
        + "max \(micro(timing.maximum)) (\(timing.samples) frames)")
    if let writeTime = scheduler.writeTime, let pwm = scheduler.pwmSettings {
      FileStream.standardOutput.line(
        "frame writes on the simulator: \(WriteTimeWatch.describe(writeTime: writeTime, settings: pwm))")
    }
  }

  static func rate(_ value: Double) -> String {
    value >= 1e6
      ? DecimalText.text(value / 1e6, places: 2) + " M" : DecimalText.text(value / 1e3, places: 0) + " k"
  }

  static func count(_ value: Int?) -> String { value.map(String.init) ?? "not counted" }
}

/// Lines that go nowhere, to measure a driver without a transport.
private final class NullLines: GPIOLines {
  func set(_ lines: LineSet, to levels: LineSet) throws {}
}
