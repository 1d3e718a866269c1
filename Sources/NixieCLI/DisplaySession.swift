import NixieCore
import NixieRuntime
import NixieSimulator

/// A board brought up for one command: the driver to write frames to, with the trace, the
/// frames log and the terminal view attached as the options ask. `finish()` flushes them.
final class DisplaySession {
  let board: BoardProfile
  let clock: MonotonicClock
  let driver: DisplayDriver
  private var finishers: [(UInt64) -> Void] = []
  private var steadyView: ((UInt64) -> Void)?

  /// Brings `board` up on `backend`. `view` draws the tubes on standard output.
  /// `displayedTime` maps a monotonic time to the displayed clock's Unix nanoseconds for the
  /// frames log's `t` (default: the wall clock; `nixie clock --at` shows another time).
  init(
    board: BoardProfile, backend: Backend, options: HardwareOptions, view: Bool,
    displayedTime: ((UInt64) -> Int64)? = nil
  ) throws(CommandFailure) {
    self.board = board
    let clock = SystemClock()
    self.clock = clock
    switch backend {
    case .hardware:
      throw CommandFailure(
        .hardwareUnavailable,
        "--backend hardware: this build has no hardware transports yet (libgpiod, spidev and"
          + " i2c-dev arrive with the drivers issue); use --backend sim")
    case .sim:
      let simulated: SimulatedBoard
      do {
        simulated = try SimulatedBoard(board: board, clock: clock)
      } catch {
        throw CommandFailure(.hardwareUnavailable, "--backend sim cannot run \(board.name): \(error)")
      }
      driver = simulated.driver
      let start = clock.now()
      let wallStart = SystemClock.wallClockNanoseconds()
      if let path = options.trace {
        let trace = VCDWriter(
          output: try Self.open(path, option: "--trace"), roles: simulated.gpio.roles,
          levels: simulated.gpio.levels, origin: start, comment: simulated.wiringComment)
        simulated.gpio.addObserver(trace)
        finishers.append { time in
          trace.finish(at: time)
          trace.stream.flush()
        }
      }
      if let path = options.framesLog {
        let log = FramesLog(
          file: try Self.open(path, option: "--frames-log"), board: board,
          displayedTime: displayedTime ?? { wallStart + Int64($0) - Int64(start) })
        simulated.chain.addObserver(log)
        finishers.append { _ in log.flush() }
      }
      if view {
        let stdout = FileStream.standardOutput
        let picture = TubeTerminalView(
          layout: board.layout, caption: board.name, colors: .detect(environment: Terminal.environment),
          columns: Terminal.columns, start: start
        ) {
          stdout.write($0)
          stdout.flush()
        }
        simulated.chain.addObserver(picture)
        finishers.insert({ picture.renderSteady(at: $0) }, at: 0)
        steadyView = { picture.renderSteady(at: $0) }
      }
      do {
        try simulated.driver.start()
      } catch {
        throw CommandFailure(.internalError, "simulator: \(error)")
      }
    }
  }

  private static func open(_ path: String, option: String) throws(CommandFailure) -> FileStream {
    do {
      return try FileStream(writingTo: path)
    } catch {
      throw CommandFailure(.badUsage, "\(option): \(error)")
    }
  }

  /// Writes `frame` to the board, turning a transport fault into exit code 69.
  func show(_ frame: DisplayState) throws(CommandFailure) {
    do {
      try driver.write(frame)
    } catch {
      throw CommandFailure(.hardwareUnavailable, "\(board.name): \(error)")
    }
  }

  /// Turns the tubes off.
  func blank() throws(CommandFailure) {
    do {
      try driver.blank()
    } catch {
      throw CommandFailure(.hardwareUnavailable, "\(board.name): \(error)")
    }
  }

  /// Redraws the terminal view with what is lit now (after a write that is not part of a
  /// PWM sequence, so the picture shows it at once instead of at the next frame).
  func refreshView() {
    steadyView?(clock.now())
  }

  /// Draws the last picture and flushes the trace and the frames log.
  func finish() {
    let now = clock.now()
    for finisher in finishers { finisher(now) }
  }
}
