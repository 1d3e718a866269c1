import NixieBoards
import NixieClock
import NixieClockSettings
import NixieDrivers
import NixieInput
import NixieLogging
import NixieRuntime
import NixieSimulator
import NixieSystem
import Testing

@testable import NixieCLI

/// `nixie clock --input`'s path in virtual time: an input script played on the simulated
/// gpiochip by `ScriptedKnob` on the knob's own thread, decoded by `ClockKnob`, posted to the
/// daemon, shown by the frame scheduler — and read back from the HV5622 chain model.
struct ClockKnobScriptTests {
  /// 2026-03-29 01:30:00 CET.
  static let halfPastOne: Int64 = 1_774_744_200_000_000_000

  final class Frames: FrameObserver {
    var frames: [LatchedFrame] = []
    func frameShown(_ frame: LatchedFrame) { frames.append(frame) }

    /// The share of `[from, to)` during which `cathode` of `position` was lit.
    func duty(position: Int, cathode: Int, from: UInt64, to: UInt64) -> Double {
      var lit: UInt64 = 0
      for (index, frame) in frames.enumerated() where frame.state.lit[position].contains(cathode) {
        let end = index + 1 < frames.count ? frames[index + 1].time : UInt64.max
        let stop = min(end, to)
        let start = max(frame.time, from)
        if stop > start { lit += stop - start }
      }
      return Double(lit) / Double(to - from)
    }
  }

  @Test func turningDimsPressingShowsTheDateAndHoldingTogglesTheNight() throws {
    let board = try BoardCatalog.load(.builtIn("hv5622-6xin14"))
    let encoder = try #require(board.encoder)
    var configuration = ClockConfiguration()
    configuration.timeZone = "Europe/Berlin"
    configuration.faces = [.init(format: "HH:mm:ss", seconds: 50), .init(format: "dd.MM.yy", seconds: 10)]
    let planner = try configuration.planner(for: board)

    let clock = ManualDaemonClock(wall: Self.halfPastOne)
    let origin = clock.now()
    let simulated = try SimulatedBoard(board: board, clock: clock)
    let frames = Frames()
    simulated.display.addObserver(frames)
    try simulated.driver.start()
    let scheduler = FrameScheduler(layout: board.layout, driver: simulated.driver, clock: clock)
    try scheduler.start()
    let display = TransitionClockDisplay(
      scheduler: scheduler, layout: board.layout, wallTime: { clock.wallTime() })
    let inbox = ClockInbox { clock.wake() }

    // Six clicks down at 0.7 s, a press at 2 s, a long press from 3 s.
    let script = try InputScript(parsing: "700 ccw 6\n2000 press\n3000 hold 1500\n")
    let settings = try #require(QuadratureSettings(wiring: encoder))
    let knob = ScriptedKnob(
      gpio: simulated.gpio,
      changes: script.levelChanges(
        encoder: settings, switchActiveLow: encoder.activeLow, levels: simulated.gpio.levels),
      origin: origin, clock: clock)
    let reader = KnobReader(
      source: knob,
      knob: try ClockKnob(
        settings: configuration.knob, encoder: settings, levels: knob.readLevels(), at: origin, brightness: 1),
      clock: clock, inbox: inbox, logger: Logger(label: "test"), interrupt: { knob.cancel() },
      onExit: { knob.retire() })
    let daemon = ClockDaemon(
      planner: planner, display: display,
      services: ClockDaemon.Services(clock: clock, synchronisation: AlwaysSynchronised(), inbox: inbox),
      duration: 5_500_000_000)
    try reader.start()
    _ = try daemon.run()
    reader.stop()
    scheduler.stop(blanking: true)

    func duty(_ digit: Int, at position: Int, _ from: Double, _ to: Double) -> Double {
      let cathode = board.layout.positions[position].model.index(of: .digit(digit)) ?? -1
      return frames.duty(
        position: position, cathode: cathode, from: origin + UInt64(from * 1e9), to: origin + UInt64(to * 1e9)
      )
    }
    // Tube 1 shows the hour's 0 at full brightness (once faded in), then six levels down. (In
    // steady windows: while a fade shifts new data every slice, the lit parts start later.)
    #expect(duty(0, at: 0, 0.55, 0.7) == 1)
    let dimmed = ClockKnob.levels[17]
    #expect(abs(duty(0, at: 0, 1.55, 1.95) - dimmed) < 0.01, "\(duty(0, at: 0, 1.55, 1.95)) for \(dimmed)")
    // The press brought the date (29.03.26: tube 1 shows 2), still dimmed.
    #expect(abs(duty(2, at: 0, 2.7, 2.99) - dimmed) < 0.01)
    #expect(duty(0, at: 0, 2.7, 2.99) == 0)
    // Held for 1 s, the knob switched the night on: 20 % of that.
    #expect(abs(duty(2, at: 0, 4.55, 5.45) - dimmed * 0.2) < 0.01, "\(duty(2, at: 0, 4.55, 5.45))")
    #expect(try #require(simulated.chain).violations.isEmpty)
  }
}

/// A clock the kernel always calls synchronised.
final class AlwaysSynchronised: SynchronisationSource {
  func synchronisation() -> ClockSynchronisation { .synchronised }
}
