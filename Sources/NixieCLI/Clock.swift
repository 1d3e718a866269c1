import ArgumentParser
import Foundation
import Glibc
import NixieLogging
import NixieBoards
import NixieClock
import NixieCore
import NixieInput
import NixieLinux
import NixieRuntime

/// `nixie clock`: the clock daemon, in the foreground (systemd runs it as `Type=notify`).
struct Clock: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Run the clock (foreground; systemd runs it as Type=notify).",
    discussion: """
      Reads /etc/nixie/nixie.yaml (or --config FILE) when it exists; options given here win. \
      SIGHUP reloads the file (a bad file is logged and the running configuration kept); \
      SIGTERM or Ctrl-C blanks the tubes and exits 0.
      Faces: --format takes a Unicode date pattern (HH H hh h kk k KK K mm m ss s dd d MM M yy \
      yyyy; literal ':' '.' space, '' for an apostrophe, 'text' quoted). Repeat it to rotate \
      faces; PATTERN@SECONDS sets how long each shows (default 50 s for the first, 10 s for \
      the others): --format HH:mm:ss@50 --format dd.MM.yy@10.
      Every change goes through the transition engine (default: a 500 ms perceptual \
      cross-fade); --brightness dims by PWM. On a board with a knob, turning sets the \
      brightness, a press shows the next face, a long press toggles night mode; --input FILE \
      plays a knob script on the simulator (the format of 'nixie select --help').
      """)

  @Option(
    help: ArgumentHelp(
      "A built-in board profile or a profile file (default: the config's, else hv5622-6xin14).",
      valueName: "name|path"))
  var board: String?

  @Option(
    help: ArgumentHelp(
      "sim or hardware (default: the config's, else as for nixie show).", valueName: "backend"))
  var backend: Backend?

  @Option(help: ArgumentHelp("Record every line change as a Value Change Dump.", valueName: "file.vcd"))
  var trace: String?

  @Option(
    name: .customLong("frames-log"),
    help: ArgumentHelp(
      "Write one JSON object per frame that reached the tubes ('t' is the displayed time).",
      valueName: "file.jsonl"))
  var framesLog: String?

  @Option(
    help: ArgumentHelp(
      "The configuration file (default: /etc/nixie/nixie.yaml if it exists).", valueName: "file"))
  var config: String?

  @Option(
    help: ArgumentHelp(
      "The IANA time zone to show (default: the config's, else the system's).", valueName: "tz"))
  var timezone: String?

  @Option(
    name: .customLong("format"),
    help: ArgumentHelp("A face: a date pattern, optionally @SECONDS; repeat to rotate.", valueName: "pattern")
  )
  var formats: [String] = []

  @Option(
    help: ArgumentHelp(
      "Start the displayed clock at this ISO 8601 instant, then run at real speed.", valueName: "iso8601"))
  var at: String?

  @Option(help: ArgumentHelp("Exit cleanly after this many seconds.", valueName: "seconds"))
  var duration: Double?

  @OptionGroup var motion: TransitionOptions

  @Option(
    help: ArgumentHelp(
      "Simulator: a script of knob turns and presses, played from the start (implies --backend sim).",
      valueName: "file"))
  var input: String?

  @Option(
    help: ArgumentHelp(
      "The control socket (default: the config's, else /run/nixie/control.sock).", valueName: "path"))
  var socket: String?

  func validate() throws {
    if let duration, !(duration > 0 && duration <= 315_360_000) {
      throw ValidationError("--duration must be a number of seconds above 0")
    }
    for format in formats { _ = try Self.face(format) }
    if let socket, UnixSocket.Address(socket) == nil || socket.hasPrefix("@") {
      throw ValidationError("--socket must be a file path of at most 107 bytes")
    }
    if let brightness = motion.brightness, brightness < 1 {
      throw ValidationError(
        "--brightness must be a percentage from 1 to 100 for the clock, not \(brightness) (night mode darkens it)"
      )
    }
    if input != nil && backend == .hardware {
      throw ValidationError("--input plays a script on the simulator: use it with --backend sim")
    }
  }

  /// `PATTERN@SECONDS` split into its parts (seconds nil when not given).
  static func face(_ argument: String) throws -> (pattern: String, seconds: Int?) {
    guard let at = argument.lastIndex(of: "@") else { return (argument, nil) }
    let suffix = argument[argument.index(after: at)...]
    guard !suffix.isEmpty, suffix.allSatisfy(\.isASCII), suffix.allSatisfy(\.isNumber) else {
      return (argument, nil)
    }
    guard let seconds = Int(suffix), (1...86_400).contains(seconds) else {
      throw ValidationError("--format \(argument): the seconds after @ must be 1 to 86400")
    }
    return (String(argument[..<at]), seconds)
  }

  func run() throws {
    // Signals first, before any thread exists, so every thread inherits the blocked mask and
    // SIGTERM/SIGHUP arrive only through the signalfd the loop waits on.
    let signals: SignalDescriptor
    let wakeUp: WakeUpEvent
    do {
      signals = try SignalDescriptor(signals: [SIGTERM, SIGINT, SIGHUP])
      wakeUp = try WakeUpEvent()
    } catch {
      throw CommandFailure(.internalError, "\(error)")
    }
    JournalLogHandler.bootstrap
    let logger = Logger(label: "nixie clock")

    let configuration = try loadConfiguration()
    var hardware = HardwareOptions()
    hardware.board = board ?? configuration.board ?? BoardCatalog.defaultName
    // A knob script is for the simulator: --input implies --backend sim over the file's backend.
    hardware.backend =
      backend ?? (input != nil ? .sim : configuration.backend.flatMap(Backend.init(rawValue:)))
    hardware.trace = trace
    hardware.framesLog = framesLog
    let profile = try hardware.loadBoard()
    let planner = try Self.planner(configuration, board: profile)
    let script = try input.map { path throws(CommandFailure) in try Select.script(at: path) }

    var offset: Int64 = 0
    if let at {
      guard let instant = InstantParser.parse(at, zone: planner.calendar.timeZone) else {
        throw CommandFailure(
          .badUsage,
          "--at \(at): not an ISO 8601 instant such as 2026-03-29T01:59:50+01:00 (or a local time that"
            + " exists in \(planner.calendar.timeZone.identifier))")
      }
      offset = instant - SystemClock.wallClockNanoseconds()
    }
    let clock: SystemDaemonClock
    do {
      clock = try SystemDaemonClock(offset: offset, signals: signals, wakeUp: wakeUp)
    } catch {
      throw CommandFailure(.internalError, "\(error)")
    }

    let notifier: SystemdNotifier?
    do {
      notifier = try SystemdNotifier(environment: ProcessInfo.processInfo.environment)
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

    let backend = hardware.resolvedBackend
    let session = try DisplaySession(
      board: profile, backend: backend, options: hardware,
      view: backend == .sim && Terminal.standardOutputIsTerminal,
      displayedTime: { mono in clock.wallTime() - (Int64(clock.monotonicTime()) - Int64(mono)) },
      heartbeat: watchdog.map { watchdog in
        FrameScheduler.Heartbeat(interval: watchdog.interval) { watchdog.beat(at: $0) }
      },
      onFault: { faults.record($0, at: monotonic.now()) })
    defer { session.finish(blanking: true) }
    let display = TransitionClockDisplay(
      scheduler: session.scheduler, layout: profile.layout, motion: configuration.motion,
      wallTime: { clock.wallTime() })

    let inbox = ClockInbox { wakeUp.signal() }
    let server = startControlServer(configuration, board: profile, inbox: inbox, logger: logger)
    defer { server?.stop() }
    let knob = try startKnob(
      board: profile, backend: backend, script: script, session: session, configuration: configuration,
      brightness: planner.brightness, inbox: inbox, logger: logger)
    defer { knob?.stop() }

    let daemon = ClockDaemon(
      planner: planner, display: display,
      services: ClockDaemon.Services(
        clock: clock, synchronisation: KernelTimeStatus(), notifier: notifier, watchdog: watchdog,
        inbox: inbox, logger: logger),
      duration: duration.map { UInt64($0 * 1e9) },
      describe: { Self.describe($0, board: profile) },
      reload: configurationFile.map { file in
        { () throws -> ClockPlanner in
          let reloaded = try self.loadConfiguration()
          let planner = try Self.planner(reloaded, board: profile)
          Self.warnAboutRestart(reloaded, running: configuration, file: file, logger: logger) {
            self.board == nil && $0.board != nil && $0.board != hardware.board
          }
          display.motion = reloaded.motion
          server?.update(limits: reloaded.control.limits)
          knob?.reconfigure(reloaded.knob, brightness: planner.brightness)
          return planner
        }
      })
    knob?.start()
    do {
      _ = try daemon.run()
    } catch let failure as CommandFailure {
      throw failure
    } catch let error as SystemCallError {
      throw CommandFailure(.internalError, "clock loop: \(error)")
    } catch {
      throw CommandFailure(.hardwareUnavailable, "\(profile.name): \(error)")
    }
  }

  /// Logs what a reload cannot change: the board, and the control socket's place and group.
  private static func warnAboutRestart(
    _ reloaded: ClockConfiguration, running: ClockConfiguration, file: String, logger: Logger,
    boardChanged: (ClockConfiguration) -> Bool
  ) {
    if boardChanged(reloaded) {
      logger.warning("board changed to \(reloaded.board ?? "?") in \(file): that takes a restart")
    }
    if reloaded.backend != running.backend {
      logger.warning("backend changed in \(file): that takes a restart")
    }
    if reloaded.control.socket != running.control.socket || reloaded.control.group != running.control.group {
      logger.warning("control socket or group changed in \(file): that takes a restart")
    }
  }

  /// The knob's reader on boards with an encoder: libgpiod edge events on hardware, the
  /// `--input` script on the simulator; nil when there is no knob to read.
  private func startKnob(
    board: BoardProfile, backend: Backend, script: InputScript?, session: DisplaySession,
    configuration: ClockConfiguration, brightness: Double, inbox: ClockInbox, logger: Logger
  ) throws(CommandFailure) -> KnobReader? {
    guard let encoder = board.encoder else {
      if script != nil {
        throw CommandFailure(
          .badUsage, "--board \(board.name) has no rotary encoder, so --input has no knob to turn")
      }
      return nil
    }
    guard let settings = QuadratureSettings(wiring: encoder) else {
      throw CommandFailure(
        .badConfiguration,
        "\(board.name): encoder.detents-per-cycle must be 1, 2 or 4, not \(encoder.detentsPerCycle)")
    }
    let clock = session.clock
    switch (backend, script) {
    case (.hardware, _):
      let source: GPIOKnobSource
      let levels: LineSet
      do {
        source = try GPIOKnobSource(encoder: encoder)
        levels = try source.readLevels()
      } catch {
        logger.warning("the knob cannot be read; the clock runs without it: \(error)")
        return nil
      }
      return KnobReader(
        source: source,
        knob: try Self.knob(configuration, settings, encoder, levels, clock.now(), brightness),
        clock: clock, inbox: inbox, logger: logger, interrupt: { source.cancel() })
    case (.sim, nil):
      return nil
    case (.sim, let script?):
      guard let gpio = session.simulated?.gpio, ScriptedKnob.inputs.isSubset(of: LineSet(gpio.roles)) else {
        throw CommandFailure(
          .hardwareUnavailable,
          "--backend sim puts the encoder on the display's gpiochip; \(board.name) has it on \(encoder.chip)")
      }
      let origin = max(clock.now(), gpio.lastTime)
      let scripted = ScriptedKnob(
        gpio: gpio,
        changes: script.levelChanges(
          encoder: settings, switchActiveLow: encoder.activeLow, levels: gpio.levels),
        origin: origin, clock: clock)
      return KnobReader(
        source: scripted,
        knob: try Self.knob(configuration, settings, encoder, scripted.readLevels(), origin, brightness),
        clock: clock, inbox: inbox, logger: logger, interrupt: { scripted.cancel() },
        onExit: { scripted.retire() })
    }
  }

  private static func knob(
    _ configuration: ClockConfiguration, _ settings: QuadratureSettings, _ encoder: EncoderWiring,
    _ levels: LineSet, _ time: UInt64, _ brightness: Double
  ) throws(CommandFailure) -> ClockKnob {
    do {
      return try ClockKnob(
        settings: configuration.knob, encoder: settings, switchActiveLow: encoder.activeLow, levels: levels,
        at: time, brightness: brightness)
    } catch {
      throw CommandFailure(.internalError, "the knob's brightness levels: \(error)")
    }
  }

  /// The file to read: --config, else the default when it exists.
  private var configurationFile: String? {
    if let config { return config }
    return FileManager.default.fileExists(atPath: ClockConfiguration.defaultPath)
      ? ClockConfiguration.defaultPath : nil
  }

  /// The file's configuration (or the defaults) with the command line's options on top.
  func loadConfiguration() throws(CommandFailure) -> ClockConfiguration {
    var configuration = ClockConfiguration()
    if let file = configurationFile {
      do {
        configuration = try ClockConfiguration.load(file)
      } catch {
        throw CommandFailure(.badConfiguration, error.description)
      }
    }
    if let timezone {
      configuration.timeZone = timezone
      configuration.timeZoneOrigin = nil
    }
    if !formats.isEmpty {
      configuration.faces = formats.enumerated().map { index, argument in
        let face = (try? Self.face(argument)) ?? (pattern: argument, seconds: nil)
        return ClockConfiguration.Face(format: face.pattern, seconds: face.seconds ?? (index == 0 ? 50 : 10))
      }
    }
    if let transition = motion.transition {
      configuration.transition = ClockTransition(rawValue: transition.rawValue) ?? configuration.transition
    }
    if let fade = motion.fadeMilliseconds { configuration.fadeMilliseconds = fade }
    if let curve = motion.curve { configuration.curve = curve }
    if let brightness = motion.brightness { configuration.brightness = brightness / 100 }
    if let socket { configuration.control.socket = socket }
    return configuration
  }

  /// The schedule, or the exit code: 65 for a problem in the file, 2 for one on the command line.
  static func planner(_ configuration: ClockConfiguration, board: BoardProfile) throws(CommandFailure)
    -> ClockPlanner
  {
    do {
      return try configuration.planner(for: board)
    } catch let error as BoardFileError {
      throw CommandFailure(.badConfiguration, error.description)
    } catch {
      let option =
        (error as? FacePatternError).map { $0.message.hasPrefix("unknown time zone") } == true
        ? "--timezone" : "--format"
      throw CommandFailure(.badUsage, "\(option): \(error)")
    }
  }

  private func startControlServer(
    _ configuration: ClockConfiguration, board: BoardProfile, inbox: ClockInbox, logger: Logger
  ) -> ControlServer? {
    let handler = ControlRequestHandler(formatter: board.formatter, inbox: inbox)
    let monotonic = SystemClock()
    do {
      let server = try ControlServer(
        path: configuration.control.socket, group: configuration.control.group,
        limits: configuration.control.limits,
        logger: logger, monotonic: { monotonic.now() }, handle: { handler.handle($0) })
      server.start()
      return server
    } catch {
      logger.warning("no control socket (nixie send will not reach this clock): \(error)")
      return nil
    }
  }

  /// `hv5622-6xin14: HH:mm:ss 50 s, dd.MM.yy 10 s in Europe/Berlin`.
  static func describe(_ planner: ClockPlanner, board: BoardProfile) -> String {
    let faces = planner.rotation.turns.map {
      planner.rotation.turns.count > 1 ? "\($0.face.pattern) \($0.seconds) s" : "\($0.face.pattern)"
    }
    return "\(board.name): \(faces.joined(separator: ", ")) in \(planner.calendar.timeZone.identifier)"
  }
}
