import ArgumentParser
import NixieClock
import NixieClockSettings
import NixieControl
import NixieLogging
import NixieRuntime
import NixieSystem

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
      plays a knob script on the simulator (the format of 'nixie select --help'; also \
      'TIME presence 0|1', the presence line).
      The room: 'brightness: auto' in the file follows a light sensor through the kernel's IIO \
      subsystem (smoothed, night mode still wins; the fixed brightness when it cannot be read, \
      as with --brightness); 'presence: {line: N, off-after: 10m}' darkens the tubes, and \
      their power where the board switches it, when nobody has been seen for that long.

      EXAMPLES:
        # the clock in this terminal
        nixie clock --backend sim
        # on your board (hardware on a Pi)
        nixie clock --board mcp23017-4xin12
        nixie clock --timezone Asia/Kathmandu --format hh:mm
        # time 50 s, date 10 s
        nixie clock --format HH:mm:ss@50 --format dd.MM.yy@10
        nixie clock --at 2026-03-29T01:59:50 --timezone Europe/Berlin --duration 15
        # a night in a minute on the simulator (an hour a second at 3600)
        nixie clock --at 2026-12-24T22:00:00 --speed 600 --duration 60
        # does the configuration choose a board?
        nixie clock --check-board
      """)

  @OptionGroup var hardware: HardwareOptions

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
      "Start the displayed clock at this ISO 8601 instant, then run at real speed (or --speed's).",
      valueName: "iso8601"))
  var at: String?

  @Option(
    help: ArgumentHelp(
      "Simulator: run the displayed clock N times as fast, 1 to 3600 (tunes and fades keep real time).",
      valueName: "n"))
  var speed: Int?

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
      "The control socket (default: the config's, else /run/nixie/control.sock for the service,"
        + " $XDG_RUNTIME_DIR/nixie/control.sock for you).", valueName: "path"))
  var socket: String?

  @Option(
    help: ArgumentHelp(
      "Where settings changed over the control socket (nixie web) are saved, read after the config"
        + " (default: overrides.yaml in systemd's STATE_DIRECTORY, else not saved).",
      valueName: "file"))
  var overrides: String?

  @Option(
    help: ArgumentHelp(
      "Where tube care's count of each cathode's glow is kept, written every 10 minutes and at the"
        + " stop (default: wear.json in systemd's STATE_DIRECTORY, else counted in memory only).",
      valueName: "file"))
  var wear: String?

  func validate() throws {
    if let duration, !(duration > 0 && duration <= 315_360_000) {
      throw ValidationError("--duration must be a number of seconds above 0")
    }
    let speeds = DisplayedPace.speeds
    if let speed, !speeds.contains(speed) {
      throw ValidationError(
        "--speed must be a whole number from \(speeds.lowerBound) to \(speeds.upperBound), not \(speed)")
    }
    for format in formats { _ = try Self.face(format) }
    if let socket, UnixSocket.Address(socket) == nil || socket.hasPrefix("@") {
      throw ValidationError("--socket must be a file path of at most 107 bytes")
    }
    let percent = SettingRanges.brightnessPercent
    if let brightness = motion.brightness, brightness < Double(percent.lowerBound) {
      throw ValidationError(
        "--brightness must be a percentage from \(percent.lowerBound) to \(percent.upperBound) for the clock,"
          + " not \(brightness) (night mode darkens it)")
    }
    if verbose && quiet {
      throw ValidationError("--verbose and --quiet ask for opposite things: choose one")
    }
    if let refusal = BoardChoice(
      backend: hardware.backend, input: input, simWriteTime: hardware.simWriteTime, speed: speed
    ).inputRefusal {
      throw ValidationError(refusal)
    }
  }

  /// `PATTERN@SECONDS` split into its parts (seconds nil when not given).
  static func face(_ argument: String) throws -> (pattern: String, seconds: Int?) {
    guard let at = argument.lastIndex(of: "@") else { return (argument, nil) }
    let suffix = argument[argument.index(after: at)...]
    guard !suffix.isEmpty, suffix.allSatisfy(\.isASCII), suffix.allSatisfy(\.isNumber) else {
      return (argument, nil)
    }
    let range = SettingRanges.faceSeconds
    guard let seconds = Int(suffix), range.contains(seconds) else {
      throw ValidationError(
        "--format \(argument): the seconds after @ must be \(range.lowerBound) to \(range.upperBound)")
    }
    return (String(argument[..<at]), seconds)
  }

  @Flag(
    inversion: .prefixedNo,
    help: "Run the frame thread at real-time priority with memory locked (default: the config's realtime:).")
  var realtime: Bool?

  @Flag(name: .shortAndLong, help: "Log more: every setting applied and every control request (debug).")
  var verbose = false

  @Flag(name: .shortAndLong, help: "Log only warnings and errors.")
  var quiet = false

  @Flag(
    name: .customLong("check-board"),
    help: "Only check that the configuration chooses a board: exit 0 if it does, 1 if not (for systemd).")
  var checkBoard = false

  /// The command line's options for the clock.
  var options: ClockOptions {
    var options = ClockOptions()
    options.board = hardware.board
    options.backend = hardware.backend
    options.recording = hardware.recording
    options.config = config
    options.timeZone = timezone
    options.faces = formats.map { argument in
      let face = (try? Self.face(argument)) ?? (pattern: argument, seconds: nil)
      return ClockOptions.Face(pattern: face.pattern, seconds: face.seconds)
    }
    options.at = at
    options.speed = speed
    options.duration = duration.map { UInt64($0 * 1e9) }
    options.transition = motion.transition
    options.fadeMilliseconds = motion.fadeMilliseconds
    options.curve = motion.curve
    options.brightness = motion.brightness.map { $0 / 100 }
    options.input = input
    options.simWriteTime = hardware.simWriteTime
    options.socket = socket
    options.overrides = overrides
    options.wear = wear
    options.realtime = realtime
    return options
  }

  func run() throws {
    if checkBoard {
      return try ClockSettings(options: options).checkBoardChosen()
    }
    JournalLogHandler.bootstrap(level: verbose ? .debug : quiet ? .warning : nil)
    do {
      try ClockJob(options: options, logger: Logger(label: "nixie clock"), backends: HostBackends()).run()
    } catch {
      // The reason in systemd's STATUS too: `systemctl status` shows it after the journal's
      // lines of the start have scrolled away behind the restarts.
      ClockJob.reportFailure(error)
      throw error
    }
  }
}
