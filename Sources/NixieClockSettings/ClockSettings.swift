import NixieControl
import NixieCore
import NixieRuntime
import NixieSystem
import NixieYAMLFiles

/// The configuration the clock runs with: the file's (or the defaults), then the overrides
/// file's settings (changed from `nixie web`'s page), then the command line's options on top —
/// read at start-up and again on every reload.
public struct ClockSettings: Sendable {
  public let options: ClockOptions
  /// Where systemd's `StateDirectory=` is (the service's `/var/lib/nixie`), if it says.
  public let stateDirectory: String?

  public init(options: ClockOptions, environment: (String) -> String? = Environment.value) {
    self.options = options
    self.stateDirectory = environment("STATE_DIRECTORY").flatMap { $0.split(separator: ":").first }.map(
      String.init)
  }

  /// The overrides file: `--overrides`, else `overrides.yaml` in the service's state directory;
  /// nil when neither (changes from the control socket then last until the clock stops).
  public var overridesFile: String? {
    if let path = options.overrides { return path }
    return stateDirectory.map { $0 + "/" + ClockSettings.overridesName }
  }

  /// Tube care's count of each cathode's glow: `--wear`, else `wear.json` in the service's
  /// state directory; nil when neither (the clock then counts in memory only).
  public var wearFile: String? {
    if let path = options.wear { return path }
    return stateDirectory.map { $0 + "/" + ClockSettings.wearName }
  }

  /// Where a running countdown's end is kept: `countdown.json` in the service's state
  /// directory; nil without one (a countdown then ends with the clock).
  public var countdownFile: String? { stateDirectory.map { $0 + "/" + ClockSettings.countdownName } }

  /// The countdown file's name in the state directory.
  public static let countdownName = "countdown.json"

  /// The wear file's name in the state directory.
  public static let wearName = "wear.json"

  /// The overrides file's name in the state directory.
  public static let overridesName = "overrides.yaml"

  /// The overrides file's settings (none when there is no file yet); a mistake in it is bad
  /// configuration with its file:line:column.
  public func loadOverrides() throws(NixieError) -> ClockOverrides {
    guard let file = overridesFile, FileSystem.exists(file) else { return ClockOverrides() }
    do throws(YAMLFileError) {
      return try ClockOverrides.parse(bytes: try YAMLFile.read(file), file: file)
    } catch {
      throw NixieError(
        .badConfiguration,
        error.description + " (written by nixie web; fix it, or delete it to go back to nixie.yaml alone)")
    }
  }

  /// The settings the command line fixes, by their key in the overrides: the page cannot
  /// change them while the clock runs with those options.
  public var pinnedKeys: [String: String] {
    var pinned: [String: String] = [:]
    if options.timeZone != nil { pinned["timezone"] = "--timezone" }
    if !options.faces.isEmpty { pinned["faces"] = "--format" }
    if options.brightness != nil { pinned["brightness"] = "--brightness" }
    if options.fadeMilliseconds != nil { pinned["fade-ms"] = "--fade-ms" }
    return pinned
  }

  /// The file to read: `--config`, else the default when it exists.
  public var file: String? {
    if let config = options.config { return config }
    return FileSystem.exists(ClockConfiguration.defaultPath) ? ClockConfiguration.defaultPath : nil
  }

  /// The file's configuration (or the defaults) with the options on top; a mistake in the
  /// file is bad configuration with its file:line:column.
  public func load() throws(NixieError) -> ClockConfiguration {
    try load(overrides: try loadOverrides())
  }

  /// The file's configuration with `overrides` and then the options on top. Problems in the
  /// overrides name their file in messages, or, when they are a `change` asked for over the
  /// control socket, are said without a place.
  public func load(overrides: ClockOverrides, change: Bool = false) throws(NixieError) -> ClockConfiguration {
    compose(try loadBase(), overrides: overrides, change: change)
  }

  /// The file's configuration as written (or the defaults), without the overrides or the
  /// options: what a reload reads, and what changes over the control socket build on until
  /// the next reload. A mistake in the file is bad configuration with its file:line:column.
  public func loadBase() throws(NixieError) -> ClockConfiguration {
    guard let file else { return ClockConfiguration() }
    do {
      return try ClockConfiguration.load(file)
    } catch {
      throw NixieError(.badConfiguration, error.description)
    }
  }

  /// `base` (the file's) with `overrides` and then the options on top.
  public func compose(_ base: ClockConfiguration, overrides: ClockOverrides, change: Bool = false)
    -> ClockConfiguration
  {
    let origin = change ? .change : overridesFile.map { ClockConfiguration.Origin(file: $0) }
    var configuration = overrides.applied(to: base, origin: origin)
    if let timeZone = options.timeZone {
      configuration.timeZone = timeZone
      configuration.timeZoneOrigin = nil
    }
    if !options.faces.isEmpty {
      configuration.faces = options.faces.enumerated().map { index, face in
        ClockConfiguration.Face(
          format: face.pattern, seconds: face.seconds ?? SettingRanges.defaultFaceSeconds(at: index))
      }
    }
    if let transition = options.transition { configuration.transition = transition }
    if let fade = options.fadeMilliseconds { configuration.fadeMilliseconds = fade }
    if let curve = options.curve { configuration.curve = curve }
    if let brightness = options.brightness {
      configuration.brightness = brightness
      configuration.light = nil
    }
    if let socket = options.socket { configuration.control.socket = socket }
    if let realtime = options.realtime { configuration.realtime = realtime }
    return configuration
  }

  /// The board and backend `configuration` and the options choose. A knob script, a write
  /// time and a speed are for the simulator: `--input`, `--sim-write-time` and `--speed` set
  /// the file's backend aside (`BoardChoice` has the rule).
  public func boardChoice(_ configuration: ClockConfiguration) -> BoardChoice {
    let howToChoose = "--board NAME or board: in \(configuration.file ?? ClockConfiguration.defaultPath)"
    if let board = options.board {
      return BoardChoice(
        board: board, backend: backend(configuration), input: options.input,
        simWriteTime: options.simWriteTime, speed: options.speed, howToChoose: howToChoose)
    }
    let place = configuration.boardOrigin?.place
    return BoardChoice(
      board: configuration.board, backend: backend(configuration), input: options.input,
      simWriteTime: options.simWriteTime, speed: options.speed,
      origin: place.map { .file(place: $0) } ?? .option("--board"),
      howToChoose: howToChoose)
  }

  /// The backend asked for: the command line's, else the file's unless an option only the
  /// simulator has is given.
  private func backend(_ configuration: ClockConfiguration) -> Backend? {
    let simulatorOnly = options.input != nil || options.simWriteTime != nil || options.speed != nil
    return options.backend ?? (simulatorOnly ? nil : configuration.backend.flatMap(Backend.init(rawValue:)))
  }

  /// What a reload cannot change, said in the log: the board, the backend, and the control
  /// socket's place and group take a restart.
  public func restartNeeded(_ reloaded: ClockConfiguration, running: ClockConfiguration) -> [String] {
    let file = reloaded.file ?? "the configuration"
    var changes: [String] = []
    if options.board == nil && reloaded.board != running.board {
      changes.append("board changed to \(reloaded.board ?? "the default") in \(file): that takes a restart")
    }
    if options.backend == nil && reloaded.backend != running.backend {
      changes.append("backend changed in \(file): that takes a restart")
    }
    if reloaded.control.socket != running.control.socket || reloaded.control.group != running.control.group {
      changes.append("control socket or group changed in \(file): that takes a restart")
    }
    if options.realtime == nil && reloaded.realtime != running.realtime {
      changes.append("realtime changed in \(file): that takes a restart")
    }
    if reloaded.presence.map(Self.presenceLine) != running.presence.map(Self.presenceLine) {
      changes.append("presence line changed in \(file): that takes a restart")
    }
    return changes
  }
}

extension ClockSettings {
  /// What of `presence` a reload cannot change: the line (opened once, at start).
  static func presenceLine(_ presence: ClockConfiguration.Presence) -> [String] {
    [
      presence.line.map(String.init) ?? "", presence.chip ?? "", "\(presence.activeHigh as Bool?)",
      "\(presence.pullUp as Bool?)",
    ]
  }

  /// The message of a configuration that chooses no board.
  public static let noBoardChosen =
    "no board chosen: set 'board:' in \(ClockConfiguration.defaultPath) (see 'nixie boards'), then"
    + " 'sudo systemctl restart nixie-clock'"

  /// Returns when `--board` or the configuration's `board:` chooses a board; otherwise throws
  /// `noBoardChosen` as cancelled (exit 1): systemd's `ExecCondition=` then skips the start
  /// without a restart loop. A configuration with a mistake is bad configuration (exit 65).
  public func checkBoardChosen() throws(NixieError) {
    let configuration = try load()
    guard options.board != nil || configuration.board != nil else {
      throw NixieError(.cancelled, Self.noBoardChosen)
    }
  }
}
