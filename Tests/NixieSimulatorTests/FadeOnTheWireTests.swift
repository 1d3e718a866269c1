import NixieBoardModel
import NixieDisplay
import NixieDrivers
import NixiePictures
import NixieRuntime
import NixieSimulator
import NixieTransitions
import Testing

/// Fades as the chips see them: the bit-banged waveform is recorded as a VCD, decoded back by a
/// fresh chain model, and the time each cathode was lit is measured from the decoded frames.
struct FadeOnTheWireTests {
  /// Replays a trace into a new chain model and returns the frames it showed, with their times
  /// (nanoseconds from the trace's origin).
  static func decode(_ vcd: String, board: BoardProfile) throws -> [LatchedFrame] {
    let model = try #require(ShiftChainModel(board: board))
    let recorder = FrameRecorder()
    model.addObserver(recorder)
    var levels: LineSet = []
    var pending: LineSet = []
    var pendingTime: UInt64 = 0
    for change in VCDTraceTests.changes(in: vcd) {
      if change.time != pendingTime && !pending.isEmpty {
        model.linesChanged(pending, levels: levels, at: pendingTime)
        pending = []
      }
      pendingTime = change.time
      guard let role = LineRole(name: change.name) else { continue }
      levels = change.high ? levels.union(.role(role)) : levels.subtracting(.role(role))
      pending.insert(.role(role))
    }
    if !pending.isEmpty { model.linesChanged(pending, levels: levels, at: pendingTime) }
    return recorder.frames
  }

  /// The share of `[from, to)` during which the decoded frames lit `cathode` of `position`.
  static func duty(_ frames: [LatchedFrame], position: Int, cathode: Int, from: UInt64, to: UInt64) -> Double
  {
    var lit: UInt64 = 0
    for (index, frame) in frames.enumerated() where frame.state.lit[position].contains(cathode) {
      let end = index + 1 < frames.count ? frames[index + 1].time : UInt64.max
      let start = max(frame.time, from)
      let stop = min(end, to)
      if stop > start { lit += stop - start }
    }
    return Double(lit) / Double(to - from)
  }

  @Test(arguments: FadeCurve.allCases)
  func theNewDigitsDutyRisesInEveryTenMillisecondsOfTheFade(_ curve: FadeCurve) throws {
    let board = try Boards.reference()
    let clock = ManualClock(start: 1_000_000)
    let sim = try SimulatedBoard(board: board, clock: clock)
    let buffer = TextBuffer()
    let origin = clock.now()
    let trace = VCDWriter(
      output: buffer, roles: sim.gpio.roles, levels: sim.gpio.levels, origin: origin, comment: "fade")
    sim.gpio.addObserver(trace)
    try sim.driver.start()
    let scheduler = FrameScheduler(layout: board.layout, driver: sim.driver, clock: clock)
    try scheduler.start()
    scheduler.show(try board.formatter.format("123456"), transition: .none)
    try scheduler.waitUntilSettled()
    clock.advance(by: 20_000_000)
    let duration: UInt64 = 500_000_000
    let end = scheduler.show(
      try board.formatter.format("123457"),
      transition: TransitionSpec(.crossfade, duration: duration, curve: curve))
    try scheduler.waitUntilSettled()
    clock.advance(by: 50_000_000)
    scheduler.stop()
    trace.finish(at: clock.now())
    #expect(try #require(sim.chain).violations.isEmpty)

    let frames = try Self.decode(buffer.text, board: board)
    let start = end - duration - origin
    let seven = board.layout.digit(7, at: 7)
    let six = board.layout.digit(6, at: 7)
    var previous = -1.0
    var duties: [Double] = []
    for window in 0..<Int(duration / 10_000_000) {
      let from = start + UInt64(window) * 10_000_000
      let duty = Self.duty(frames, position: 7, cathode: seven, from: from, to: from + 10_000_000)
      #expect(duty >= previous, "window \(window): \(duty) after \(previous)")
      previous = duty
      duties.append(duty)
    }
    #expect(duties.first! < 0.05, "\(duties)")
    #expect(duties.last! > 0.95, "\(duties)")
    // Half-way, the curve says how far it got: linear half, perceptual (CIE L* 50) about 18 %.
    let middle = (duties[24] + duties[25]) / 2
    #expect(abs(middle - curve.duty(forBrightness: 0.5)) < 0.03, "\(middle)")
    // A bit-banged frame takes 130 µs to shift out, so the last one lands that much later.
    let after = start + duration + 1_000_000
    #expect(Self.duty(frames, position: 7, cathode: seven, from: after, to: after + 40_000_000) == 1)
    #expect(Self.duty(frames, position: 7, cathode: six, from: after, to: after + 40_000_000) == 0)
    // The other tubes were lit all along: never written, never dark.
    for (position, digit) in [(0, 1), (1, 2), (3, 3), (4, 4), (6, 5)] {
      let cathode = board.layout.digit(digit, at: position)
      #expect(
        Self.duty(frames, position: position, cathode: cathode, from: start, to: after + 40_000_000) == 1)
    }
  }

  @Test func dimmingIsPWMOnTheBlankingLineAlone() throws {
    let board = try Boards.reference()
    let clock = ManualClock()
    let sim = try SimulatedBoard(board: board, clock: clock)
    let recorder = FrameRecorder()
    sim.display.addObserver(recorder)
    try sim.driver.start()
    var pacer = FramePacer(layout: board.layout)
    pacer.show(try board.formatter.format("12:34:56"), transition: .none, at: clock.now())
    pacer.setBrightness(0.3, at: clock.now())
    var pending: UInt64?
    func play(until limit: UInt64) throws {
      while true {
        if pending == nil {
          guard case .write(let deadline) = pacer.next(now: clock.now()) else { return }
          pending = deadline
        }
        guard let deadline = pending, deadline < limit else { return }
        clock.sleep(until: deadline)
        try sim.driver.write(pacer.frame)
        pending = nil
      }
    }
    let from: UInt64 = 20_000_000
    try play(until: from)
    let writes = sim.gpio.writeCount
    let chain = try #require(sim.chain)
    let latches = chain.latchCount
    try play(until: from + 100_000_000)
    // 20 periods: BL low for the dark part, BL high for the lit part; nothing shifted.
    #expect(sim.gpio.writeCount - writes == 40)
    #expect(chain.latchCount == latches)
    let lit = try board.formatter.format("12:34:56")
    let shown = recorder.frames.filter { $0.time >= from }
    #expect(shown.allSatisfy { $0.state == lit || $0.state.isDark })
    let one = board.layout.digit(1, at: 0)
    let share = Self.duty(recorder.frames, position: 0, cathode: one, from: from, to: from + 100_000_000)
    #expect(abs(share - 0.3) < 0.01, "\(share)")
  }
}

extension DisplayLayout {
  /// The index of `digit` in position `position`'s tube model.
  func digit(_ digit: Int, at position: Int) -> Int { positions[position].model.index(of: .digit(digit))! }
}
