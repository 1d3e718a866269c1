import Foundation
import NixieBoardModel
import NixieClock
import NixieClockSettings
import NixieDrivers
import NixiePictures
import NixieRuntime
import NixieSimulator
import NixieSystem
import NixieTestSupport
import NixieTransitions
import NixieWireDecoders

/// Text collected in memory, as a `TextOutputStream`.
final class TraceText: TextOutputStream {
  var text = ""
  func write(_ string: String) { text += string }
}

/// The clock as `nixie clock --backend sim` runs it, in virtual time: the daemon loop, the
/// transition engine's frame scheduler on its own thread, the simulated board decoding the
/// wire — all on one `ManualDaemonClock`. The frames are what the chain model latched.
final class WireRig {
  static let second: Int64 = 1_000_000_000

  let board: BoardProfile
  let clock: ManualDaemonClock
  let simulated: SimulatedBoard
  let frames = FrameCollector()
  let scheduler: FrameScheduler
  let display: TransitionClockDisplay
  let notifier: RecordingNotifier
  let watchdog: ClockWatchdog?
  let inbox: ClockInbox
  let log = LogRecord()
  let daemon: ClockDaemon
  /// Monotonic time at the start, when the wall clock read `start`.
  let startMono: UInt64
  let start: Int64
  /// The board's backlight, played from its own thread as `nixie clock` plays it.
  let backlight: BacklightPlayer?
  /// Every line change as a VCD trace, when asked for (`traced`).
  private let trace: VCDWriter<TraceText>?
  private let traceText = TraceText()

  /// A daemon for `planner` on `board` from wall time `start`, for `seconds`; `watchdog` is
  /// the ping interval (nil: no watchdog); `wear`, the glow counted so far (nil: no count).
  /// `wrap` puts a driver between the scheduler and the board's (a failing bus); `onFault`
  /// hears the transient faults the frame loop retried.
  init(
    planner: ClockPlanner, board: BoardProfile, start: Int64, seconds: Double,
    motion: ClockMotion = ClockMotion(),
    watchdog: UInt64? = nil, synchronised: Bool = true,
    wrap: (DisplayDriver, ManualDaemonClock) -> DisplayDriver = { driver, _ in driver },
    onFault: ((any Error, UInt64) -> Void)? = nil, traced: Bool = false, wear: CathodeWear? = nil
  ) throws {
    self.board = board
    self.start = start
    let clock = ManualDaemonClock(wall: start)
    self.clock = clock
    startMono = clock.monotonicTime()
    simulated = try SimulatedBoard(board: board, clock: clock)
    simulated.display.addObserver(frames)
    trace =
      traced
      ? VCDWriter(
        output: traceText, roles: simulated.gpio.roles, levels: simulated.gpio.levels, origin: 0,
        comment: simulated.wiringComment) : nil
    if let trace { simulated.gpio.addObserver(trace) }
    try simulated.driver.start()
    let notifier = RecordingNotifier(watchdogInterval: watchdog, clock: clock)
    self.notifier = notifier
    let watchdog = watchdog.map { ClockWatchdog(notifier: notifier, interval: $0) }
    self.watchdog = watchdog
    scheduler = FrameScheduler(
      layout: board.layout, driver: wrap(simulated.driver, clock), clock: clock,
      heartbeat: watchdog.map { watchdog in
        FrameScheduler.Heartbeat(interval: watchdog.interval) { watchdog.beat(at: $0) }
      },
      onFault: onFault.map { hear in { hear($0, clock.now()) } },
      wear: wear.map { Locked(WearCount(wear: $0, at: clock.now())) })
    try scheduler.start()
    let scheduler = self.scheduler
    switch board.backlight {
    case .pwmRGB(let wiring): backlight = BacklightPlayer(output: .pwm(simulated.gpio, wiring), clock: clock)
    case .module: backlight = BacklightPlayer(output: .chips { scheduler.setBacklight($0) }, clock: clock)
    default: backlight = nil
    }
    display = TransitionClockDisplay(
      scheduler: scheduler, layout: board.layout, motion: motion, backlight: backlight,
      wallTime: { clock.wallTime() })
    inbox = ClockInbox { clock.wake() }
    let sync = FakeSynchronisation()
    sync.synchronised = synchronised
    daemon = ClockDaemon(
      planner: planner, display: display,
      services: ClockDaemon.Services(
        clock: clock, synchronisation: sync, notifier: notifier, watchdog: watchdog, inbox: inbox,
        logger: log.logger),
      duration: UInt64(seconds * 1e9))
  }

  /// Runs the daemon to its end, then stops the frame loop as `nixie clock` does (the tubes
  /// blanked by its last write).
  @discardableResult
  func run() throws -> ClockDaemon.Ending {
    defer {
      backlight?.stop()
      scheduler.stop(blanking: true)
    }
    return try daemon.run()
  }

  /// The trace so far, read back as a logic analyser would (call after `run()`).
  func logicTrace() throws -> LogicTrace {
    trace?.finish(at: clock.monotonicTime())
    return try LogicTrace(vcd: traceText.text)
  }

  /// The monotonic time at wall time `wall` (no clock steps in between).
  func mono(_ wall: Int64) -> UInt64 { UInt64(Int64(startMono) + wall - start) }

  /// The index of `digit` on the tube at `position`.
  func cathode(_ digit: Int, at position: Int) -> Int {
    board.layout.positions[position].model.index(of: .digit(digit)) ?? -1
  }

  /// The share of `[from, to)` (monotonic) during which the latched frames lit `cathode` of
  /// `position`.
  func duty(position: Int, cathode: Int, from: UInt64, to: UInt64) -> Double {
    let frames = frames.frames
    var lit: UInt64 = 0
    for (index, frame) in frames.enumerated() where frame.state.lit[position].contains(cathode) {
      let end = index + 1 < frames.count ? frames[index + 1].time : UInt64.max
      let start = max(frame.time, from)
      let stop = min(end, to)
      if stop > start { lit += stop - start }
    }
    return Double(lit) / Double(to - from)
  }

  /// The frames latched in `[from, to)`.
  func frames(from: UInt64, to: UInt64) -> [NixieDrivers.LatchedFrame] {
    frames.frames.filter { $0.time >= from && $0.time < to }
  }

  /// Whether some latched frame lit two main cathodes of one tube.
  var litTwoCathodesOfATube: Bool {
    frames.frames.contains { frame in
      board.layout.positions.indices.contains { position in
        let model = board.layout.positions[position].model
        return frame.state.lit[position].intersection(model.mainCathodes).count > 1
      }
    }
  }
}
