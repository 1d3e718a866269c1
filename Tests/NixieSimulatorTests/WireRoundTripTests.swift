import NixieDisplay
import NixieSimulator
import NixieTestSupport
import Testing

/// Frames go through the driver, onto simulated lines, into the modelled HV5622 chain, and
/// are decoded back through the board map: what the tubes show must be what was meant.
struct WireRoundTripTests {
  @Test func everyCathodeOfEveryPositionRoundTrips() throws {
    let board = try Boards.reference()
    let sim = try SimulatedBoard(board: board, clock: ManualClock())
    try sim.driver.start()
    var checked = 0
    for (index, position) in board.layout.positions.enumerated() {
      for cathode in position.wired.indices {
        var state = board.layout.blank
        state.lit[index] = .only(cathode)
        try sim.driver.write(state)
        #expect(
          sim.display.state == state, "\(position.name) cathode \(position.model.cathodes[cathode].name)")
        checked += 1
      }
    }
    #expect(checked == 6 * 10 + 2 * 2)
    #expect(sim.display.violations.isEmpty)
  }

  @Test func everySeparatorStateRoundTrips() throws {
    let board = try Boards.reference()
    let sim = try SimulatedBoard(board: board, clock: ManualClock())
    try sim.driver.start()
    for first in 0..<4 {
      for second in 0..<4 {
        var state = try board.formatter.format("123456")
        state.lit[2] = CathodeSet(bits: UInt32(first))
        state.lit[5] = CathodeSet(bits: UInt32(second))
        try sim.driver.write(state)
        #expect(sim.display.state == state)
      }
    }
  }

  @Test func everyDigitOnEveryTubeAtOnceRoundTrips() throws {
    let board = try Boards.reference()
    let sim = try SimulatedBoard(board: board, clock: ManualClock())
    try sim.driver.start()
    for digit in 0...9 {
      let value = String(repeating: String(digit), count: 6)
      let state = try board.formatter.format(value)
      try sim.driver.write(state)
      #expect(board.layout.text(of: sim.display.state) == board.layout.text(of: state))
      #expect(sim.display.state == state)
    }
  }

  @Test func randomFramesRoundTrip() throws {
    let board = try Boards.reference()
    let sim = try SimulatedBoard(board: board, clock: ManualClock())
    try sim.driver.start()
    var random = SplitMix64(state: 2026)
    for _ in 0..<300 {
      var state = board.layout.blank
      for (index, position) in board.layout.positions.enumerated() {
        let choices = position.wired.indices
        if Bool.random(using: &random) { state.lit[index] = .only(choices.randomElement(using: &random)!) }
      }
      try sim.driver.write(state)
      #expect(sim.display.state == state)
    }
    #expect(sim.display.violations.isEmpty)
  }

  @Test func theModelPublishesOnlyFramesThatReachTheTubes() throws {
    let board = try Boards.reference()
    let clock = ManualClock(start: 1_000)
    let sim = try SimulatedBoard(board: board, clock: clock)
    let recorder = FrameRecorder()
    sim.display.addObserver(recorder)
    try sim.driver.start()
    let frame = try board.formatter.format("09:41:00")
    try sim.driver.write(frame)
    try sim.driver.write(frame)
    #expect(recorder.frames.count == 1)
    #expect(recorder.frames[0].state == frame)
    // Latched while blanked, shown when BL rises: the frame's time is the BL edge, 1 µs a
    // write after the first at 1000 ns: 1 more idle write, 128 shift and 2 latch writes.
    #expect(recorder.frames[0].time == 1_000 + 132 * 1_000)
    #expect(sim.chain?.latchCount == 1)
    try sim.driver.blank()
    #expect(recorder.frames.count == 2)
    #expect(recorder.frames[1].state.isDark)
    #expect(recorder.frames[1].outputs.isAllOff)
    #expect(sim.gpio.writeCount == 2 + 130 + 1 + 1)
  }
}

/// The simulated gpiochip is used as a real one is: the frame thread writes the display lines
/// while an input thread drives the knob's, and neither corrupts the other.
struct ConcurrentLinesTests {
  @Test func framesAndKnobInputFromTwoThreadsKeepTheirOrder() async throws {
    let board = try Boards.reference()
    let sim = try SimulatedBoard(board: board, clock: ManualClock())
    try sim.driver.start()
    let gpio = sim.gpio
    let states = try (0..<50).map { try board.formatter.format(String(repeating: String($0 % 10), count: 6)) }
    let toggles = 20_000
    let knob = Task.detached {
      for index in 0..<toggles {
        gpio.drive(index % 2 == 0 ? .a : .b, high: index % 4 < 2, at: UInt64(index))
      }
    }
    for state in states { try sim.driver.write(state) }
    await knob.value
    #expect(sim.display.state == states.last)
    #expect(try #require(sim.chain).violations.isEmpty)
    #expect(try #require(sim.chain).latchCount == states.count)
    // The last toggles drive a (index 19 998) and b (19 999) low.
    #expect(gpio.levels.intersection([.a, .b]).isEmpty)
  }
}
