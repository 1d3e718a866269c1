import ArgumentParser
import Foundation
import Glibc
import Logging
import NixieBoards
import NixieClock
import NixieCore
import NixieRuntime

extension ClockTransition: ExpressibleByArgument {}

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

  @Option(
    help:
      "How a new value replaces the old: none, crossfade or slot (motion comes with the transition engine).")
  var transition: ClockTransition?

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
    hardware.backend = backend ?? configuration.backend.flatMap(Backend.init(rawValue:))
    hardware.trace = trace
    hardware.framesLog = framesLog
    let profile = try hardware.loadBoard()
    let planner = try Self.planner(configuration, board: profile)

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

    let backend = hardware.resolvedBackend
    let session = try DisplaySession(
      board: profile, backend: backend, options: hardware,
      view: backend == .sim && Terminal.standardOutputIsTerminal,
      displayedTime: { mono in clock.wallTime() - (Int64(clock.monotonicTime()) - Int64(mono)) })
    defer { session.finish() }
    let display = DirectClockDisplay(driver: session.driver) { session.refreshView() }

    let notifier: SystemdNotifier?
    do {
      notifier = try SystemdNotifier(environment: ProcessInfo.processInfo.environment)
    } catch {
      logger.warning("cannot reach the service manager: \(error)")
      notifier = nil
    }

    let inbox = ClockInbox { wakeUp.signal() }
    let server = startControlServer(configuration, board: profile, inbox: inbox, logger: logger)
    defer { server?.stop() }

    let daemon = ClockDaemon(
      planner: planner, display: display,
      services: ClockDaemon.Services(
        clock: clock, synchronisation: KernelTimeStatus(), notifier: notifier, inbox: inbox, logger: logger),
      duration: duration.map { UInt64($0 * 1e9) },
      describe: { Self.describe($0, board: profile) },
      reload: configurationFile.map { file in
        { () throws -> ClockPlanner in
          let reloaded = try self.loadConfiguration()
          if let name = reloaded.board, self.board == nil, name != hardware.board {
            logger.warning(
              "board changed to \(name) in \(file): that takes a restart; keeping \(profile.name)")
          }
          return try Self.planner(reloaded, board: profile)
        }
      })
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
    if let transition { configuration.transition = transition }
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
    let handler = ControlRequestHandler(
      formatter: board.formatter, inbox: inbox, transition: configuration.transition)
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
