import NixieCore
import NixieLinux
import NixieRuntime
import NixieSimulator

/// A board brought up for one command: the driver to write frames to, with the trace, the
/// frames log and the terminal view attached as the options ask. `finish()` flushes them.
final class DisplaySession {
  let board: BoardProfile
  let clock: MonotonicClock
  let driver: DisplayDriver
  /// The board in software, for `--backend sim` (commands that drive its input lines use it).
  private(set) var simulated: SimulatedBoard?
  private var finishers: [(UInt64) -> Void] = []
  /// The real transports, held (lines requested) for as long as the session lives.
  private var hardwareBoard: HardwareBoard?

  /// Brings `board` up on `backend`. `view` draws the tubes on standard output. `clock` times
  /// everything (a manual clock runs a scripted simulation in virtual time).
  init(
    board: BoardProfile, backend: Backend, options: HardwareOptions, view: Bool,
    clock: MonotonicClock = SystemClock()
  ) throws(CommandFailure) {
    self.board = board
    self.clock = clock
    switch backend {
    case .hardware:
      let hardware: HardwareBoard
      do {
        hardware = try HardwareBoard(board: board, clock: clock)
      } catch {
        throw CommandFailure(.hardwareUnavailable, error.description)
      }
      hardwareBoard = hardware
      driver = hardware.driver
      let start = clock.now()
      let wallStart = SystemClock.wallClockNanoseconds()
      if let path = options.trace {
        // What the kernel allows: the levels we set, stamped when each write returned.
        let trace = VCDWriter(
          output: try Self.open(path, option: "--trace"), roles: hardware.tracedRoles,
          levels: hardware.levels, origin: start, comment: hardware.wiringComment)
        hardware.addLineObserver { trace.linesChanged($0, levels: $1, at: $2) }
        finishers.append { time in
          trace.finish(at: time)
          trace.stream.flush()
        }
      }
      if let path = options.framesLog {
        let log = FramesLog(file: try Self.open(path, option: "--frames-log"), board: board) {
          wallStart + Int64($0) - Int64(start)
        }
        hardware.addFrameObserver(log)
        finishers.append { _ in log.flush() }
      }
      do {
        try hardware.driver.start()
      } catch {
        throw CommandFailure(.hardwareUnavailable, "\(board.name): \(error)")
      }
    case .sim:
      let simulated: SimulatedBoard
      do {
        simulated = try SimulatedBoard(board: board, clock: clock)
      } catch {
        throw CommandFailure(.hardwareUnavailable, "--backend sim cannot run \(board.name): \(error)")
      }
      driver = simulated.driver
      self.simulated = simulated
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
        let log = FramesLog(file: try Self.open(path, option: "--frames-log"), board: board) {
          wallStart + Int64($0) - Int64(start)
        }
        simulated.display.addObserver(log)
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
        simulated.display.addObserver(picture)
        finishers.insert({ picture.renderSteady(at: $0) }, at: 0)
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

  /// Draws the last picture, flushes the trace and the frames log, and gives the hardware
  /// lines back (the tubes keep what they show).
  func finish() {
    let now = clock.now()
    for finisher in finishers { finisher(now) }
    hardwareBoard?.release()
  }
}
