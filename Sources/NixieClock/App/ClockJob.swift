import NixieBoardModel
import NixieControl
import NixieCore
import NixieInput
import NixieLogging
import NixieRuntime
import NixieSystem
import NixieText
import NixieTime
import NixieTransports

/// `nixie clock`: the clock daemon, assembled and run until SIGTERM (or `--duration`). It
/// loads the settings, brings the board up, starts the control socket, the knob and the
/// systemd notifier, runs `ClockDaemon` and, on SIGHUP, reloads what a reload may change.
public struct ClockJob {
  public let settings: ClockSettings
  public let logger: Logger

  public init(options: ClockOptions, logger: Logger) {
    self.settings = ClockSettings(options: options)
    self.logger = logger
  }

  private var options: ClockOptions { settings.options }

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
    let signals: SignalDescriptor
    let wakeUp: WakeUpEvent
    do {
      signals = try SignalDescriptor(signals: Self.signals)
      wakeUp = try WakeUpEvent()
    } catch {
      throw NixieError(.internalError, "\(error)")
    }

    removeStaleTemporaries(startedAt: startedAt)
    let base = try settings.loadBase()
    let overrides = try settings.loadOverrides()
    let configuration = settings.compose(base, overrides: overrides)
    let choice = settings.boardChoice(configuration)
    var profile = try choice.loadProfile()
    // nixie.yaml's presence line joins the board, so the backend opens it like the board's own.
    profile.presence = try configuration.presenceWiring(for: profile)
    let planner = try configuration.planner(for: profile)
    if options.input != nil && profile.encoder == nil && profile.buttons.isEmpty && profile.presence == nil {
      throw NixieError(
        .badUsage,
        "--board \(profile.name) has no rotary encoder, buttons or presence line, so --input has nothing to play on"
      )
    }
    let (backend, note) = try choice.resolvedBackend()
    // The control socket before the board: a second clock on the same socket is refused
    // before it touches the tubes.
    let socket = try claimControlSocket(configuration)
    defer { socket?.remove() }

    var offset: Int64 = 0
    if let at = options.at {
      do {
        offset = try InstantParser.parse(at, zone: planner.calendar) - SystemClock.wallClockNanoseconds()
      } catch {
        throw NixieError(.badUsage, "--at \(error)")
      }
    }
    let clock: SystemDaemonClock
    do {
      clock = try SystemDaemonClock(offset: offset, signals: signals, wakeUp: wakeUp)
    } catch {
      throw NixieError(.internalError, "\(error)")
    }

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
    let faults = TransportFaultLog(logger: logger)
    let monotonic = SystemClock()

    let frames = FramePublisher(layout: profile.layout)
    if let note { logger.warning("\(note)") }
    let session = try DisplaySession(
      board: profile, backend: backend, recording: options.recording, view: Terminal.standardOutputIsTerminal,
      displayedTime: { mono in clock.wallTime() - (Int64(clock.monotonicTime()) - Int64(mono)) },
      heartbeat: watchdog.map { watchdog in
        FrameScheduler.Heartbeat(interval: watchdog.interval) { watchdog.beat(at: $0) }
      },
      onFault: { faults.record($0, at: monotonic.now()) },
      onRecordingFailure: { logger.error("\($0)") },
      onPlan: { frames.planned($0, brightness: $1) })
    defer { session.finish(blanking: true) }
    if configuration.realtime {
      Self.goRealTime(session.scheduler, logger: logger)
      session.backlight?.makeRealTime()
    }
    let display = TransitionClockDisplay(
      scheduler: session.scheduler, layout: profile.layout, motion: configuration.motion,
      backlight: session.backlight, wallTime: { clock.wallTime() })
    if let warning = configuration.backlightWarning(for: profile) { logger.warning("\(warning)") }

    let inbox = ClockInbox { wakeUp.signal() }
    let status = ClockStatus()
    let editor = ClockSettingsEditor(
      settings: settings, board: profile, base: base, overrides: overrides, inbox: inbox)
    let scheduler = session.scheduler
    let started = monotonic.now()
    let report = ClockStateReport(
      board: profile, status: status, editor: editor, frames: frames, timing: { scheduler.timing },
      uptime: {
        let now = monotonic.now()
        return now > started ? now - started : 0
      })
    let handler = ControlRequestHandler(
      formatter: profile.formatter, inbox: inbox, editor: editor, report: report)
    let server = socket.flatMap {
      startControlServer(on: $0, configuration, handler: handler, frames: frames, states: report)
    }
    defer { server?.stop() }
    let knob = try startKnob(
      session: session, configuration: configuration, brightness: planner.brightness, inbox: inbox)
    defer { knob?.stop() }
    let presence = try startPresence(session: session, inbox: inbox)
    defer { presence?.stop() }
    let light = LightSampler(clock: monotonic) { inbox.post($0) }
    defer { light.stop() }
    do {
      try light.follow(configuration.light.map(LightSampler.Settings.init))
    } catch {
      throw NixieError(.internalError, "the light sensor's thread: \(error)")
    }

    // The configuration in force (a reload replaces it) and, when it names no zone, the
    // system's zone followed as it changes.
    var running = configuration
    let zoneWatch = SystemZoneWatch()
    let daemon = ClockDaemon(
      planner: planner, display: display,
      services: ClockDaemon.Services(
        clock: clock, synchronisation: KernelTimeStatus(), notifier: notifier, watchdog: watchdog,
        inbox: inbox, logger: logger, status: status),
      duration: options.duration,
      describe: { Self.describe($0, board: profile) },
      reload: (settings.file ?? settings.overridesFile).map { _ in
        { () throws -> ClockPlanner in
          let (reloaded, planner) = try editor.reload()
          if let warning = reloaded.backlightWarning(for: profile) { logger.warning("\(warning)") }
          running = reloaded
          for change in settings.restartNeeded(reloaded, running: configuration) {
            logger.warning("\(change)")
          }
          display.motion = reloaded.motion
          server?.update(limits: reloaded.control.limits)
          knob?.reconfigure(reloaded.knob, brightness: planner.brightness)
          Self.follow(reloaded.light, with: light, logger: logger)
          return planner
        }
      },
      configure: { _ in
        // The newest settings, not only the command's: a reload plans at once, so it may have
        // come between a change's command and now (both happen under the editor's lock).
        let changed = editor.configuration
        let planner = try changed.planner(for: profile)
        running = changed
        Self.follow(changed.light, with: light, logger: logger)
        display.motion = changed.motion
        return planner
      },
      zoneChange: {
        guard zoneWatch.changed(), running.timeZone == nil else { return nil }
        do {
          return try running.planner(for: profile)
        } catch {
          logger.error("the system's time zone changed but cannot be read, keeping the old one: \(error)")
          return nil
        }
      })
    do {
      try knob?.start()
    } catch {
      throw NixieError(.internalError, "the knob's thread: \(error)")
    }
    do {
      _ = try daemon.run()
    } catch let failure as NixieError {
      throw failure
    } catch let error as SystemCallError {
      throw NixieError(.internalError, "clock loop: \(error)")
    } catch {
      throw NixieError(.unavailable, "\(profile.name): \(error)")
    }
  }

  /// The reader of the knob (boards with an encoder) or of the buttons (boards with buttons and
  /// no encoder), posting the knob's commands, their lines opened on the session's backend
  /// (libgpiod edge events, or the `--input` script on the simulator); nil when there is
  /// nothing to read.
  private func startKnob(
    session: DisplaySession, configuration: ClockConfiguration, brightness: Double, inbox: ClockInbox
  ) throws(NixieError) -> KnobReader? {
    let board = session.board
    let lines: LineInput
    let knob: ClockKnob
    do {
      if board.encoder != nil {
        let encoder = try KnobInput.encoder(of: board, for: "the clock's knob")
        let read = try openInput(warning: "the knob cannot be read; the clock runs without it") {
          () throws(NixieError) in
          try KnobInput.open(encoder.wiring, settings: encoder.settings, on: session)
        }
        guard let input = read else { return nil }
        lines = input.lines
        knob = try ClockKnob(
          settings: configuration.knob, encoder: input.settings, switchActiveLow: input.encoder.activeLow,
          levels: lines.levels, at: lines.origin, brightness: brightness)
      } else {
        let buttons = board.buttons
        guard !buttons.isEmpty else { return nil }
        let read = try openInput(warning: "the buttons cannot be read; the clock runs without them") {
          () throws(NixieError) in
          try ButtonInput.open(buttons, on: session)
        }
        guard let input = read else { return nil }
        lines = input.lines
        knob = try ClockKnob(
          settings: configuration.knob, encoder: nil, buttons: buttons, levels: lines.levels,
          at: lines.origin,
          brightness: brightness)
      }
    } catch let error as NixieError {
      throw error
    } catch {
      throw NixieError(.internalError, "the knob's brightness levels: \(error)")
    }
    return KnobReader(
      source: lines.source, knob: knob, clock: session.clock, inbox: inbox, logger: logger,
      interrupt: lines.cancel, onExit: lines.retire)
  }

  /// The presence line's reader, when the board (with nixie.yaml's `presence`) has a line and
  /// the backend can read it; started. A line that comes with the board but cannot be had is
  /// said as a warning, and the tubes then stay lit.
  private func startPresence(session: DisplaySession, inbox: ClockInbox) throws(NixieError) -> PresenceReader?
  {
    guard let wiring = session.board.presence else { return nil }
    let opened = try openInput(warning: "the presence line cannot be read; the tubes stay lit") {
      () throws(NixieError) in try session.openPresence(wiring)
    }
    guard let lines = opened else { return nil }
    let reader = PresenceReader(lines: lines, activeHigh: wiring.activeHigh, inbox: inbox, logger: logger)
    do {
      try reader.start()
    } catch {
      throw NixieError(.internalError, "the presence line's thread: \(error)")
    }
    return reader
  }

  /// The light sampler told to follow `light` (a reload's, a change's); a thread it cannot
  /// start is logged, and the brightness stays fixed.
  static func follow(_ light: ClockConfiguration.Light?, with sampler: LightSampler, logger: Logger) {
    do {
      try sampler.follow(light.map(LightSampler.Settings.init))
    } catch {
      logger.error("the light sensor's thread cannot start, the brightness stays fixed: \(error)")
    }
  }

  /// What a knob or buttons read from, `open`ed; nil when there is nothing to read them from.
  /// A script the user gave (`--input`) must play; lines that come with the board are read if
  /// they can be, else `warning` is logged and the clock runs without them.
  private func openInput<Input>(warning: String, open: () throws(NixieError) -> Input?) throws(NixieError)
    -> Input?
  {
    guard options.input == nil else { return try open() }
    do {
      return try open()
    } catch {
      logger.warning("\(warning): \(error)")
      return nil
    }
  }

  /// Claims the control socket: nil, with a warning, when it cannot be made (the clock runs
  /// without it); another clock on it — or anything else listening there — is exit 69, named.
  private func claimControlSocket(_ configuration: ClockConfiguration) throws(NixieError)
    -> ListeningSocketFile?
  {
    let path = configuration.control.socket ?? ControlSocketPath.forClock()
    do {
      try ControlSocketPath.prepare(path)
      return try ControlServer.claim(path: path, group: configuration.control.group)
    } catch let error as ListeningSocketFile.Failure {
      switch error {
      case .held(let path, let pid):
        throw NixieError(
          .unavailable,
          "another nixie clock\(pid.map { " (PID \($0))" } ?? "") is running on the control socket \(path):"
            + " stop it first, or give this one another --socket")
      case .inUse:
        throw NixieError(.unavailable, "\(error): stop it first, or give this clock another --socket")
      case .system:
        logger.warning("no control socket (nixie send will not reach this clock): \(error)")
      }
    } catch {
      logger.warning("no control socket (nixie send will not reach this clock): \(error)")
    }
    return nil
  }

  private func startControlServer(
    on socket: ListeningSocketFile, _ configuration: ClockConfiguration, handler: ControlRequestHandler,
    frames: FramePublisher, states: ClockStateReport
  ) -> ControlServer? {
    let monotonic = SystemClock()
    do {
      let server = try ControlServer(
        socket: socket, limits: configuration.control.limits, logger: logger,
        monotonic: { monotonic.now() }, frames: frames, states: states, handle: { handler.handle($0) })
      try server.start()
      return server
    } catch {
      logger.warning("no control socket (nixie send will not reach this clock): \(error)")
      socket.remove()
      return nil
    }
  }

  /// Removes the temporary files a clock killed while saving its overrides left beside them.
  private func removeStaleTemporaries(startedAt: Int64) {
    guard let file = settings.overridesFile else { return }
    let removed = AtomicFile.removeStaleTemporaries(of: file, startedAt: startedAt)
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
  /// `realtime: true`: the frame thread at SCHED_FIFO, then the memory locked. Either refusal
  /// is said once, with what allows it, and the clock runs on without it.
  static func goRealTime(_ scheduler: FrameScheduler, logger: Logger) {
    let allow =
      "as a service, install the drop-in realtime.conf from /usr/share/nixie (or /usr/local/share/nixie; "
      + "its header says how); by hand, run as root"
    do {
      try scheduler.makeRealTime()
    } catch {
      logger.warning("realtime: the frame thread keeps normal priority (\(error)): \(allow)")
      return
    }
    do {
      try RealTime.lockMemory()
    } catch {
      logger.warning("realtime: memory not locked (\(error)): \(allow)")
      return
    }
    logger.info("realtime: frame thread at SCHED_FIFO \(RealTime.priority), memory locked")
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
