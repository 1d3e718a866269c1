import NixieBackend
import NixieBoardModel
import NixieCore
import NixieDisplay
import NixieDrivers
import NixiePictures
import NixieSystem
import NixieTransitions
import NixieTransports

/// A board brought up for one command — the one bring-up every command shares: the board
/// opened on the backend chosen (`BoardChoice`), the trace, the frames log and the terminal
/// view attached as the options ask and the backend offers, the driver started, the frame
/// thread running, the backlight's player ready, and the input lines to be had (`openKnob`,
/// `openButtons`, `openPresence`). `finish()` flushes the recordings and gives the board back.
///
/// Frames reach the driver through `scheduler`, whose thread paces transitions and PWM
/// dimming; the driver and everything watching it (simulator, trace, frames log, terminal
/// view) are called on that thread until `finish()` stops it.
public final class DisplaySession {
  public let board: BoardProfile
  public let clock: MonotonicClock
  /// The board's driver: written by `scheduler`'s thread only, until `finish()`.
  public let driver: DisplayDriver
  /// The tubes drawn in the terminal, when the session draws them.
  public private(set) var terminalView: TubeTerminalView?
  /// Paces every frame onto the driver.
  public let scheduler: FrameScheduler
  /// Plays the backlight, on boards with one nixie drives (its thread starts with the first
  /// `setBacklight`).
  public let backlight: BacklightPlayer?
  private var finishers: [(UInt64) -> Void] = []
  /// The files recorded into.
  private var files: [RecordingFile] = []
  /// The board as the backend opened it, held (lines requested) for as long as the session lives.
  private let opened: any OpenBoard

  /// Brings `board` up on `backend`. `view` draws the tubes on standard output where the
  /// backend has a picture of them. `clock` times everything (a manual clock runs a scripted
  /// simulation in virtual time). `displayedTime`
  /// maps a monotonic time to the displayed clock's Unix nanoseconds for the frames log's `t`
  /// (default: the wall clock; `nixie clock --at` shows another time). `heartbeat` and
  /// `onFault` go to the frame scheduler (the clock's watchdog and fault log).
  /// `onPlan` hears of each request's plan (the clock's live view, `FramePublisher`); `wear`
  /// counts the frames written (tube care's `WearCount`, on `clock`'s time); `onFit` hears
  /// of each time the frame thread fits its PWM to the board's measured write time.
  /// `onRecordingFailure` hears, once per file, that a write to the trace or the frames log
  /// failed (a full disk): the session goes on and stops writing that file.
  public init(
    board: BoardProfile, backend: any BoardBackend, recording: SessionRecording = SessionRecording(),
    view: Bool, clock: MonotonicClock = SystemClock(), displayedTime: ((UInt64) -> Int64)? = nil,
    heartbeat: FrameScheduler.Heartbeat? = nil, onFault: ((any Error) -> Void)? = nil,
    onRecordingFailure: @escaping (String) -> Void = { _ in },
    onPlan: (@Sendable (FadeTimeline, Double) -> Void)? = nil, wear: Locked<WearCount>? = nil,
    onFit: ((UInt64, PWMSettings) -> Void)? = nil
  ) throws(NixieError) {
    self.board = board
    self.clock = clock
    let start = clock.now()
    let opened = try backend.open(board, clock: clock)
    self.opened = opened
    driver = opened.driver
    let picture = view && opened.drawsPicture ? Self.picture(of: opened, board: board, start: start) : nil
    if let picture {
      terminalView = picture
      finishers.append { picture.renderSteady(at: $0) }
    }
    let recorded = try Self.record(
      opened, board: board, recording: recording, start: start, displayedTime: displayedTime,
      onFailure: onRecordingFailure)
    files = recorded.files
    finishers += recorded.finishers
    try opened.start()
    // When a fade is over, the terminal shows the settled picture at once.
    scheduler = FrameScheduler(
      layout: board.layout, driver: driver, clock: clock, pacing: board.pacing,
      groups: board.outputs.positions.map(\.group), heartbeat: heartbeat,
      onSettled: { picture?.renderSteady(at: clock.now()) }, onFault: onFault, onPlan: onPlan,
      wear: wear, onFit: onFit)
    do {
      try scheduler.start()
    } catch {
      throw NixieError(.internalError, "the frame thread: \(error)")
    }
    backlight = Self.backlightPlayer(
      board: board, lines: opened.backlightLines, scheduler: scheduler, clock: clock)
  }

  /// `board`'s tubes drawn on standard output from the frames of `opened`, the glass tinted
  /// by the backlight read back.
  private static func picture(of opened: any OpenBoard, board: BoardProfile, start: UInt64)
    -> TubeTerminalView
  {
    let stdout = FileStream.standardOutput
    let picture = TubeTerminalView(
      layout: board.layout, caption: board.name, colors: .detect(environment: Environment.value),
      columns: Terminal.columns, start: start
    ) {
      stdout.write($0)
      stdout.flush()
    }
    opened.addFrameObserver(picture)
    picture.backlight = opened.backlightReadBack
    picture.sounding = opened.buzzerReadBack
    return picture
  }

  /// The knob's lines on this board's backend, ready to read; nil when the backend has
  /// nothing to read them from (the simulator without a script).
  public func openKnob(_ encoder: EncoderWiring) throws(NixieError) -> LineInput? {
    try opened.openKnob(encoder)
  }

  /// The buttons' lines, as `openKnob`.
  public func openButtons(_ buttons: [ButtonWiring]) throws(NixieError) -> LineInput? {
    try opened.openButtons(buttons)
  }

  /// The presence line, as `openKnob`.
  public func openPresence(_ presence: PresenceWiring) throws(NixieError) -> LineInput? {
    try opened.openPresence(presence)
  }

  /// The buzzer's line, ready for `BuzzerPlayer`, as the backend hands it out.
  public func openBuzzer(_ buzzer: BuzzerWiring) throws(NixieError) -> GPIOLines {
    try opened.openBuzzer(buzzer)
  }

  /// The buzzer's kernel PWM channel, or nil where the line is toggled instead.
  public func openBuzzerTone(_ buzzer: BuzzerWiring) throws(NixieError) -> ToneOutput? {
    try opened.openBuzzerTone(buzzer)
  }

  /// The player for `board`'s backlight: PWM on `lines`, or the chips' LEDs through the frame
  /// thread; nil when nixie drives none.
  private static func backlightPlayer(
    board: BoardProfile, lines: GPIOLines?, scheduler: FrameScheduler, clock: MonotonicClock
  ) -> BacklightPlayer? {
    switch board.backlight {
    case .pwmRGB(let wiring):
      return lines.map { BacklightPlayer(output: .pwm($0, wiring), clock: clock) }
    case .module:
      return BacklightPlayer(output: .chips { scheduler.setBacklight($0) }, clock: clock)
    case .addressable, nil:
      return nil
    }
  }

  /// Starts the `--trace` and `--frames-log` files the options ask for, from `start` on, and
  /// returns what finishes them.
  private static func record(
    _ opened: any OpenBoard, board: BoardProfile, recording: SessionRecording, start: UInt64,
    displayedTime: ((UInt64) -> Int64)?, onFailure: @escaping (String) -> Void
  ) throws(NixieError) -> (files: [RecordingFile], finishers: [(UInt64) -> Void]) {
    var files: [RecordingFile] = []
    var finishers: [(UInt64) -> Void] = []
    if let path = recording.trace {
      let file = RecordingFile(
        option: "--trace", stream: try Self.open(path, option: "--trace"), onFailure: onFailure)
      let trace = VCDWriter(
        output: file.stream, roles: opened.tracedRoles, levels: opened.tracedLevels, origin: start,
        comment: opened.wiringComment)
      opened.addLineObserver(trace)
      opened.addFrameObserver(file)
      files.append(file)
      finishers.append { time in
        trace.finish(at: time)
        file.flush()
      }
    }
    if let path = recording.framesLog {
      let file = RecordingFile(
        option: "--frames-log", stream: try Self.open(path, option: "--frames-log"), onFailure: onFailure)
      let wallStart = SystemClock.wallClockNanoseconds()
      let log = FramesLog(
        file: file.stream, board: board,
        displayedTime: displayedTime ?? { wallStart + Int64($0) - Int64(start) })
      opened.addFrameObserver(log)
      opened.addFrameObserver(file)
      files.append(file)
      finishers.append { _ in file.flush() }
    }
    return (files, finishers)
  }

  private static func open(_ path: String, option: String) throws(NixieError) -> FileStream {
    do {
      return try FileStream(writingTo: path)
    } catch {
      throw NixieError(.badUsage, "\(option): \(error)")
    }
  }

  /// Why a file the session recorded into is incomplete (a write failed), one message a file.
  public var recordingFailures: [String] { files.compactMap(\.failureMessage) }

  /// `finish()`, then a failed write to a recording is an I/O error (exit 74): a one-shot
  /// command's result is not complete without its files.
  public func finishChecked(blanking: Bool = false) throws(NixieError) {
    finish(blanking: blanking)
    if let failure = recordingFailures.first { throw NixieError(.ioError, failure) }
  }

  /// Shows `frame` at once and waits until it is on the tubes; a transport fault is exit 69.
  public func show(_ frame: DisplayState) throws(NixieError) {
    scheduler.show(frame, transition: .none)
    try waitUntilSettled()
  }

  /// Starts a transition to `state` from what the tubes show now; returns when it will be
  /// over, on `clock`.
  @discardableResult
  public func show(_ state: DisplayState, transition: TransitionSpec) -> UInt64 {
    scheduler.show(state, transition: transition)
  }

  /// Sets the brightness (0…1): PWM, so it lasts while the session runs.
  public func setBrightness(_ brightness: Double) {
    scheduler.setBrightness(brightness)
  }

  /// Waits until the latest transition is over and on the tubes; a transport fault is exit 69.
  public func waitUntilSettled() throws(NixieError) {
    do {
      try scheduler.waitUntilSettled()
    } catch {
      throw NixieError(.unavailable, "\(board.name): \(error)")
    }
  }

  /// Plays `program` on the backlight; nothing on boards without one nixie drives.
  public func setBacklight(_ program: BacklightProgram) throws(NixieError) {
    do {
      try backlight?.play(program)
    } catch {
      throw NixieError(.internalError, "the backlight's thread: \(error)")
    }
  }

  /// Turns the tubes off (a dark frame: BL low where the board wires it).
  public func blank() throws(NixieError) {
    try show(board.layout.blank)
  }

  /// Stops the frame thread (the tubes keep the last frame, or with `blanking` go dark — its
  /// last write, mid-fade or not), draws the last picture, flushes the trace and the frames
  /// log, and gives the board back (the hardware's lines to the kernel).
  public func finish(blanking: Bool = false) {
    backlight?.stop()
    scheduler.stop(blanking: blanking)
    let now = clock.now()
    for finisher in finishers { finisher(now) }
    opened.release()
  }
}
