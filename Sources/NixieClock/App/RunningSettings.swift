import NixieBoardModel
import NixieClockSettings
import NixieLogging

/// The configuration in force while the clock runs, and what the daemon's loop asks of it: a
/// reload (SIGHUP), a change made over the control socket, or a new system time zone each
/// makes a new planner and hands what else changed to the parts that follow the settings —
/// the display's motion, the control server's limits, the knob, the light sensor. Used on the
/// daemon's thread only.
final class RunningSettings {
  /// What the settings are read with, and the parts that follow them.
  struct Parts {
    var settings: ClockSettings
    var board: BoardProfile
    var editor: ClockSettingsEditor
    var display: TransitionClockDisplay
    var control: ClockControl?
    var knob: KnobReader?
    var light: LightSampler
    var logger: Logger
  }

  private let parts: Parts
  /// The configuration the clock started with: what only a restart changes is said against it.
  private let started: ClockConfiguration
  /// The configuration in force.
  private var running: ClockConfiguration
  /// The system's zone, followed when the configuration names none.
  private let zoneWatch = SystemZoneWatch()

  init(_ configuration: ClockConfiguration, parts: Parts) {
    self.started = configuration
    self.running = configuration
    self.parts = parts
  }

  private var board: BoardProfile { parts.board }
  private var logger: Logger { parts.logger }

  /// The files read again (`ClockSettingsEditor.reload`): the new planner; what takes a restart
  /// is said in the log.
  func reload() throws -> ClockPlanner {
    let (reloaded, planner) = try parts.editor.reload()
    if let warning = reloaded.backlightWarning(for: board) { logger.warning("\(warning)") }
    running = reloaded
    for change in parts.settings.restartNeeded(reloaded, running: started) {
      logger.warning("\(change)")
    }
    parts.display.motion = reloaded.motion
    parts.control?.update(limits: reloaded.control.limits)
    parts.knob?.reconfigure(reloaded.knob, brightness: planner.brightness)
    follow(reloaded.light)
    return planner
  }

  /// A change made over the control socket, planned. The newest settings, not only the
  /// command's: a reload plans at once, so it may have come between a change's command and
  /// now (both happen under the editor's lock).
  func configure() throws -> ClockPlanner {
    let changed = parts.editor.configuration
    let planner = try changed.planner(for: board)
    running = changed
    follow(changed.light)
    parts.display.motion = changed.motion
    return planner
  }

  /// A new planner when the system's time zone changed and the configuration names none; nil
  /// otherwise, or when the new zone cannot be read (the old one is kept).
  func zoneChange() -> ClockPlanner? {
    guard zoneWatch.changed(), running.timeZone == nil else { return nil }
    do {
      return try running.planner(for: board)
    } catch {
      logger.error("the system's time zone changed but cannot be read, keeping the old one: \(error)")
      return nil
    }
  }

  /// The light sampler told to follow `light`; a thread it cannot start is logged, and the
  /// brightness stays fixed.
  private func follow(_ light: ClockConfiguration.Light?) {
    do {
      try parts.light.follow(light.map(LightSampler.Settings.init))
    } catch {
      logger.error("the light sensor's thread cannot start, the brightness stays fixed: \(error)")
    }
  }
}
