import NixieBoardModel
import NixieClockSettings
import NixieControl
import NixieCore
import NixieLogging
import NixieRuntime
import NixieSystem
import NixieText
import NixieTransitions

/// `nixie clock`: the clock daemon, assembled and run until SIGTERM (or `--duration`). It
/// loads the settings (`ClockStart`), starts its services in order (`ClockServices`: the
/// control socket's claim, the board, the control server, the knob, the presence line, the
/// light sensor), runs `ClockDaemon` — which tells systemd READY and STOPPING, checks in with
/// the watchdog and, on SIGHUP, reloads what a reload may change (`RunningSettings`) — and
/// stops the services in the reverse order, the board blanked.
public struct ClockJob {
  public let settings: ClockSettings
  public let logger: Logger
  /// Makes the backend the board is brought up on (the command line's: hardware or simulator).
  public let backends: any BackendFactory

  public init(options: ClockOptions, logger: Logger, backends: any BackendFactory) {
    self.settings = ClockSettings(options: options)
    self.logger = logger
    self.backends = backends
  }

  var options: ClockOptions { settings.options }

  /// The signals the clock handles itself: SIGTERM and SIGINT end it cleanly, SIGHUP reloads.
  /// The command line blocks them from its first instruction, so one that comes before the
  /// clock is ready waits for it.
  public static let signals: [Signal] = [.terminate, .interrupt, .hangUp]

  /// Runs the clock. Returns when it ends cleanly; throws what kept it from starting or ended
  /// it (a transport that failed for good is unavailable, so systemd restarts it).
  public func run() throws(NixieError) {
    let startedAt = SystemClock.wallClockNanoseconds()
    // Signals first, before any thread exists, so every thread inherits the blocked mask and
    // SIGTERM/SIGHUP arrive only through the signalfd the loop waits on.
    let (signals, wakeUp) = try Self.takeSignals()
    removeStaleTemporaries(startedAt: startedAt)
    let start = try ClockStart(settings: settings, backends: backends)
    let (configuration, profile) = (start.configuration, start.profile)

    let services = ClockServices()
    defer { services.stopAll() }
    // The control socket before the board: a second clock on the same socket is refused
    // before it touches the tubes.
    let claim = try services.start(ControlSocketClaim(configuration.control, logger: logger))
    let clock = try daemonClock(start, signals: signals, wakeUp: wakeUp)
    let (notifier, watchdog) = Self.serviceManager(logger: logger)
    let monotonic = SystemClock()
    let frames = FramePublisher(layout: profile.layout)
    if let note = start.notice { logger.warning("\(note)") }
    // Tube care's count, after the claim (a clock refused there leaves the file alone) and
    // before the board, so it is written after the board's last frame.
    let wear = try services.start(
      WearKeeping(
        file: settings.wearFile.map { WearFile(path: $0, layout: profile.layout) }, layout: profile.layout,
        clock: monotonic, logger: logger))
    let session = try services.start(
      try board(start, clock: clock, watchdog: watchdog, frames: frames, monotonic: monotonic, wear: wear)
    ).session
    let display = TransitionClockDisplay(
      scheduler: session.scheduler, layout: profile.layout, motion: configuration.motion,
      backlight: session.backlight, wallTime: { clock.wallTime() })
    if let warning = configuration.backlightWarning(for: profile) { logger.warning("\(warning)") }

    let inbox = ClockInbox { wakeUp.signal() }
    let status = ClockStatus()
    let editor = ClockSettingsEditor(
      settings: settings, board: profile, base: start.base, overrides: start.overrides, inbox: inbox,
      now: { monotonic.now() })
    let report = ClockStateReport(
      board: profile, status: status, editor: editor, frames: frames,
      timing: { [scheduler = session.scheduler] in scheduler.timing },
      writes: { [scheduler = session.scheduler] in (scheduler.writeTime, scheduler.pwmSettings) },
      uptime: Self.uptime(from: monotonic.now(), on: monotonic), wear: { [wear] in wear.wear() })
    let control = try services.start(
      claim.socket.map { socket in
        ClockControl(
          socket: socket, limits: configuration.control.limits,
          handler: ControlRequestHandler(
            formatter: profile.formatter, inbox: inbox, editor: editor, report: report),
          frames: frames, states: report, logger: logger)
      })
    let knob = try services.start(
      try openKnob(
        session: session, configuration: configuration, brightness: start.planner.brightness, inbox: inbox))
    try services.start(try openPresence(session: session, inbox: inbox))
    let buzzer = try services.start(try openBuzzer(session: session, configuration: configuration))
    let light = LightSampler(clock: monotonic) { inbox.post($0) }
    try services.start(
      LightFollowing(sampler: light, settings: configuration.light.map(LightSampler.Settings.init)))

    let running = RunningSettings(
      configuration,
      parts: RunningSettings.Parts(
        settings: settings, board: profile, editor: editor, display: display, control: control, knob: knob,
        light: light, logger: logger))
    let countdown = settings.countdownFile.map(CountdownFile.init)
    try runDaemon(
      ClockDaemon(
        planner: resumingCountdown(start.planner, from: countdown), display: display,
        services: ClockDaemon.Services(
          clock: clock, synchronisation: KernelTimeStatus(), notifier: notifier, watchdog: watchdog,
          inbox: inbox, logger: logger, status: status, settings: editor, buzzer: buzzer?.player,
          alarmRinging: knob.map(Self.ringingFollower), stopwatchRunning: knob.map(Self.stopwatchFollower),
          countdownFile: countdown),
        duration: options.duration.map { clock.daemonDuration(ofReal: $0) },
        describe: { Self.describe($0, board: profile) },
        reload: (settings.file ?? settings.overridesFile).map { _ in running.reload },
        configure: { _ in try running.configure() }, zoneChange: running.zoneChange),
      board: profile)
  }

  /// What tells `knob` that an alarm started or stopped ringing.
  private static func ringingFollower(_ knob: KnobReader) -> @Sendable (Bool) -> Void {
    { ringing in knob.alarmRinging(ringing) }
  }

  /// What tells `knob` that the stopwatch came up, started, stopped or went.
  private static func stopwatchFollower(_ knob: KnobReader) -> @Sendable (Bool?) -> Void {
    { running in knob.stopwatchRunning(running) }
  }

  /// The signals taken from the process (`signals`, blocked, into a signalfd) and the daemon
  /// loop's wake-up for other threads.
  private static func takeSignals() throws(NixieError) -> (SignalDescriptor, WakeUpEvent) {
    do {
      return (try SignalDescriptor(signals: Self.signals), try WakeUpEvent())
    } catch {
      throw NixieError(.internalError, "\(error)")
    }
  }

  /// The wall clock the faces show: the system's, or from `--at` on (read in the configured
  /// zone) at `--speed`'s pace, woken by the signals and the inbox.
  private func daemonClock(_ start: ClockStart, signals: SignalDescriptor, wakeUp: WakeUpEvent)
    throws(NixieError) -> SystemDaemonClock
  {
    var offset: Int64 = 0
    if let at = options.at {
      do {
        offset =
          try InstantParser.parse(at, zone: start.planner.calendar) - SystemClock.wallClockNanoseconds()
      } catch {
        throw NixieError(.badUsage, "--at \(error)")
      }
    }
    do {
      return try SystemDaemonClock(
        offset: offset, speed: options.speed ?? 1, signals: signals, wakeUp: wakeUp)
    } catch {
      throw NixieError(.internalError, "\(error)")
    }
  }

  /// systemd's notify socket, when the clock runs under it, and its watchdog when the unit has
  /// one; a socket that cannot be reached is a warning.
  private static func serviceManager(logger: Logger) -> (SystemdNotifier?, ClockWatchdog?) {
    let notifier: SystemdNotifier?
    do {
      notifier = try SystemdNotifier(environment: Environment.all)
    } catch {
      logger.warning("cannot reach the service manager: \(error)")
      notifier = nil
    }
    // WATCHDOG=1 comes from the frame loop, while the daemon loop checks in too.
    let watchdog = notifier.flatMap { notifier in
      notifier.watchdogInterval.map { ClockWatchdog(notifier: notifier, interval: $0, logger: logger) }
    }
    return (notifier, watchdog)
  }

  /// The board brought up on the backend: its frames timed for the frames log by the
  /// displayed clock, its heartbeat the watchdog's, its faults logged, its plans published to
  /// the control socket's frame subscribers, its frames counted for tube care.
  private func board(
    _ start: ClockStart, clock: SystemDaemonClock, watchdog: ClockWatchdog?, frames: FramePublisher,
    monotonic: SystemClock, wear: WearKeeping
  ) throws(NixieError) -> ClockBoard {
    let faults = TransportFaultLog(logger: logger)
    let logger = logger
    let session = try DisplaySession(
      board: start.profile, backend: start.backend, recording: options.recording,
      view: Terminal.standardOutputIsTerminal,
      displayedTime: { clock.displayedTime(atMachineMonotonic: $0) },
      heartbeat: watchdog.map { watchdog in
        FrameScheduler.Heartbeat(interval: watchdog.interval) { watchdog.beat(at: $0) }
      },
      onFault: { faults.record($0, at: monotonic.now()) },
      onRecordingFailure: { logger.error("\($0)") },
      onPlan: { frames.planned($0, brightness: $1) }, wear: wear.count,
      onFit: Self.fitLog(logger))
    return ClockBoard(session: session, realtime: start.configuration.realtime, logger: logger)
  }

  /// What the log says of the frame thread's fits: the first at info, the rest — every window
  /// of writes on a noisy machine may refit — at debug (`-v`), so the journal of a clock that
  /// runs for years is not a log of its write times.
  private static func fitLog(_ logger: Logger) -> (UInt64, PWMSettings) -> Void {
    let first = Locked(true)
    return { writeTime, settings in
      let text = WriteTimeWatch.describe(writeTime: writeTime, settings: settings)
      let isFirst = first.withLock { isFirst in
        defer { isFirst = false }
        return isFirst
      }
      if isFirst {
        logger.info("\(text)")
      } else {
        logger.debug("\(text)")
      }
    }
  }

  /// Monotonic nanoseconds since `started`, for the `state` answer.
  private static func uptime(from started: UInt64, on monotonic: SystemClock) -> @Sendable () -> UInt64 {
    {
      let now = monotonic.now()
      return now > started ? now - started : 0
    }
  }

  /// Runs the daemon's loop until it ends; what ended it otherwise is the exit's error.
  private func runDaemon(_ daemon: ClockDaemon, board: BoardProfile) throws(NixieError) {
    do {
      _ = try daemon.run()
    } catch let failure as NixieError {
      throw failure
    } catch let error as SystemCallError {
      throw NixieError(.internalError, "clock loop: \(error)")
    } catch {
      throw NixieError(.unavailable, "\(board.name): \(error)")
    }
  }

  /// Removes the temporary files a clock killed while saving its overrides or its wear count
  /// left beside them.
  private func removeStaleTemporaries(startedAt: Int64) {
    let files = [settings.overridesFile, settings.wearFile, settings.countdownFile].compactMap { $0 }
    let removed = files.flatMap { AtomicFile.removeStaleTemporaries(of: $0, startedAt: startedAt) }
    guard !removed.isEmpty else { return }
    let names = removed.map { Printable.escaped($0) }.joined(separator: ", ")
    logger.notice(
      "removed \(Counted.text(removed.count, "temporary file")) a clock killed while saving left: \(names)")
  }

  /// `hv5622-6xin14: HH:mm:ss 50 s, dd.MM.yy 10 s in Europe/Berlin`.
  static func describe(_ planner: ClockPlanner, board: BoardProfile) -> String {
    let faces = planner.rotation.turns.map { turn in
      let name = turn.topic.map { "topic \(Printable.escaped($0.topic))" } ?? "\(turn.face.pattern)"
      return planner.rotation.turns.count > 1 ? "\(name) \(turn.seconds) s" : name
    }
    return "\(board.name): \(faces.joined(separator: ", ")) in \(planner.calendar.identifier)"
  }
}

extension ClockJob {
  /// Tells the service manager, when there is one, why the clock is about to exit
  /// (`STATUS=`, first line, escaped), so `systemctl status` names it.
  public static func reportFailure(_ error: any Error) {
    guard let notifier = try? SystemdNotifier(environment: Environment.all) else { return }
    let line = "\(error)".split(separator: "\n").first.map(String.init) ?? "\(error)"
    try? notifier.notify(["STATUS=failed: " + Printable.escaped(line)])
  }
}
