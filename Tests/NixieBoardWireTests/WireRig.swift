import NixieBoardModel
import NixieBoards
import NixieDisplay
import NixiePictures
import NixieSimulator
import NixieTransitions
import NixieWireDecoders

/// A built-in board run on the simulator through the program's own path — the formatter, the
/// board's pacer (PWM frames, the multiplex scan or module levels), the driver, the simulated
/// transport — with every line change recorded as a VCD trace, for the vendors' decoders to read.
///
/// The pacer is stepped on a manual clock exactly as the frame thread steps it, so a run is
/// deterministic and a second of display takes milliseconds.
final class WireRig {
  let board: BoardProfile
  let clock: ManualClock
  let sim: SimulatedBoard
  private let buffer = TextBuffer()
  private let trace: VCDWriter<TextBuffer>
  private(set) var pacer: DisplayPacer
  private var pending: UInt64?

  /// `name` on the simulator carrying `fitted` chips (its variant's, when given).
  init(_ name: String, fitted: String? = nil) throws {
    let profile = try BoardCatalog.load(.builtIn(name))
    clock = ManualClock(start: 1_000_000)
    sim = try SimulatedBoard(board: profile, clock: clock, fitted: fitted.flatMap(ChipModel.named))
    board = sim.board
    trace = VCDWriter(
      output: buffer, roles: sim.gpio.roles, levels: sim.gpio.levels, origin: clock.now(),
      comment: sim.wiringComment)
    sim.gpio.addObserver(trace)
    pacer = DisplayPacer(
      pacing: board.pacing, layout: board.layout, groups: board.outputs.positions.map(\.group))
    try sim.driver.start()
  }

  /// Shows `value` as the board's formatter lays it out, with `transition`, and plays the
  /// frames until `settle` nanoseconds after the transition ends.
  @discardableResult
  func show(_ value: String, transition: TransitionSpec = .none, settle: UInt64 = 30_000_000) throws -> UInt64
  {
    try show(state: try board.formatter.format(value), transition: transition, settle: settle)
  }

  /// Shows `state` (a test pattern's step, say) as `show` shows a value.
  @discardableResult
  func show(state: DisplayState, transition: TransitionSpec = .none, settle: UInt64 = 30_000_000) throws
    -> UInt64
  {
    let end = pacer.show(state, transition: transition, at: clock.now())
    try play(until: end + settle)
    return end
  }

  /// Sets the brightness and plays on for `duration` nanoseconds.
  func setBrightness(_ value: Double, for duration: UInt64) throws {
    pacer.setBrightness(value, at: clock.now())
    try play(until: clock.now() + duration)
  }

  /// Plays the pacer's steps due before `limit`, then moves the clock to `limit`.
  func play(until limit: UInt64) throws {
    while true {
      if pending == nil {
        guard case .write(let deadline) = pacer.next(now: clock.now()) else { break }
        pending = deadline
      }
      guard let deadline = pending, deadline < limit else { break }
      clock.sleep(until: deadline)
      switch pacer.output {
      case .frame(let frame): try sim.driver.write(frame)
      case .duties(let duties): try sim.driver.write(duties: duties)
      }
      pending = nil
    }
    clock.sleep(until: limit)
  }

  /// Blanks the tubes as the program does at exit.
  func blank() throws { try sim.driver.blank() }

  /// Ends the trace now and returns it (call once, at the end of a run).
  func finishedVCD() -> String {
    trace.finish(at: clock.now())
    return buffer.text
  }

  /// Ends the trace and reads it back as a logic analyser would.
  func logicTrace() throws -> LogicTrace { try LogicTrace(vcd: finishedVCD()) }

  /// The time of the trace's origin: trace times are nanoseconds after it.
  let origin: UInt64 = 1_000_000

  /// Shows each value in turn and returns the trace time at which each was steady.
  func showEach(_ values: [String]) throws -> [UInt64] {
    var checkpoints: [UInt64] = []
    for value in values {
      try show(value)
      // Just before the next value starts: what this one left on the outputs.
      checkpoints.append(clock.now() - origin - 1)
    }
    return checkpoints
  }
}

/// Text collected in memory, as a `TextOutputStream`.
final class TextBuffer: TextOutputStream {
  var text = ""
  func write(_ string: String) { text += string }
}
