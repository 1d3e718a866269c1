import NixieAlarms
import NixieClockSettings
import NixieControl
import NixieDisplay
import NixieLogging
import NixieRoom
import NixieRuntime
import NixieSystem
import NixieText
import NixieTransitions

/// The clock daemon's loop: at every due instant of the schedule it computes the frame,
/// hands changes to the `ClockDisplay`, checks in with the watchdog (whose pings come from the
/// frame loop), and sleeps until the next due instant — re-aligning at once after a clock
/// step. SIGHUP reloads the configuration (a bad one is logged and the old one kept); SIGTERM
/// and SIGINT end it after blanking the tubes.
public final class ClockDaemon {
  /// Why `run()` returned.
  public enum Ending: Hashable, Sendable {
    case signal(Signal)
    /// `--duration` passed.
    case durationElapsed
  }

  /// What the daemon needs besides the schedule and the display.
  public struct Services {
    public var clock: DaemonClock
    public var synchronisation: SynchronisationSource
    public var notifier: ServiceNotifier?
    /// Fed by the frame loop; the daemon loop checks in with it at least every interval.
    public var watchdog: ClockWatchdog?
    public var inbox: ClockInbox
    public var logger: Logger
    /// Told what the loop decided, for the control socket's `state` request.
    public var status: ClockStatus?
    /// Settings changed over the control socket: the loop writes them when due
    /// (`ClockSettingsEditor.save(at:)`) and at the end, and logs each burst once.
    public var settings: ClockSettingsEditor?
    /// The board's buzzer, which the alarms and the chime sound; nil: the board has none, and
    /// an alarm only lights the tubes.
    public var buzzer: BuzzerPlayer?
    /// Told when an alarm starts or stops ringing (the knob's presses are the alarm's while
    /// it rings).
    public var alarmRinging: (@Sendable (Bool) -> Void)?
    /// Told when the stopwatch comes up, starts, stops or goes (nil) (the knob's presses are
    /// the stopwatch's while it shows).
    public var stopwatchRunning: (@Sendable (Bool?) -> Void)?
    /// Where a running countdown's end is kept for a restart; nil: in memory only.
    public var countdownFile: CountdownFile?

    public init(
      clock: DaemonClock, synchronisation: SynchronisationSource, notifier: ServiceNotifier? = nil,
      watchdog: ClockWatchdog? = nil, inbox: ClockInbox = ClockInbox(),
      logger: Logger = Logger(label: "nixie.clock"), status: ClockStatus? = nil,
      settings: ClockSettingsEditor? = nil, buzzer: BuzzerPlayer? = nil,
      alarmRinging: (@Sendable (Bool) -> Void)? = nil, stopwatchRunning: (@Sendable (Bool?) -> Void)? = nil,
      countdownFile: CountdownFile? = nil
    ) {
      self.stopwatchRunning = stopwatchRunning
      self.countdownFile = countdownFile
      self.buzzer = buzzer
      self.alarmRinging = alarmRinging
      self.status = status
      self.settings = settings
      self.clock = clock
      self.synchronisation = synchronisation
      self.notifier = notifier
      self.watchdog = watchdog
      self.inbox = inbox
      self.logger = logger
    }
  }

  /// A value shown on request, until `until` (monotonic); nil transition: the clock's. `text`
  /// is the value as asked for.
  private struct Message {
    var state: DisplayState
    var until: UInt64
    var transition: TransitionSpec.Kind?
    var text: String?
  }

  public private(set) var planner: ClockPlanner
  private let display: ClockDisplay
  private let services: Services
  private let reload: (() throws -> ClockPlanner)?
  /// Plans a configuration changed over the control socket.
  private let configure: ((ClockConfiguration) throws -> ClockPlanner)?
  /// Asked at every wake-up: a new planner when the system's time zone changed, else nil.
  private let zoneChange: (() -> ClockPlanner?)?
  /// Run for this many nanoseconds, then end (`--duration`).
  private let duration: UInt64?
  /// A one-line summary for the service manager's STATUS.
  private let describe: (ClockPlanner) -> String

  private var logger: Logger { services.logger }
  private var message: Message?
  private var shown: ClockFrame?
  /// The backlight's program last handed to the display.
  private var backlightShown: BacklightProgram?
  private var synchronised: Bool?
  /// The light sensor's samples and the presence line, followed.
  private var room = ClockRoom()
  /// The tubes went dark because nobody was there: they light again at once.
  private var darkWhileVacant = false
  /// The values handed in for topic faces.
  private var faceValues = FaceValues()
  /// The alarms and the chime, followed.
  private var alarms = ClockAlarms()
  /// The stopwatch.
  private var stopwatch = ClockStopwatch()
  /// What the knob was last told of the stopwatch: running or stopped, nil while hidden.
  private var knobStopwatch: Bool?

  public init(
    planner: ClockPlanner, display: ClockDisplay, services: Services, duration: UInt64? = nil,
    describe: @escaping (ClockPlanner) -> String = { _ in "running" },
    reload: (() throws -> ClockPlanner)? = nil,
    configure: ((ClockConfiguration) throws -> ClockPlanner)? = nil, zoneChange: (() -> ClockPlanner?)? = nil
  ) {
    self.configure = configure
    self.planner = planner
    self.display = display
    self.services = services
    self.duration = duration
    self.describe = describe
    self.reload = reload
    self.zoneChange = zoneChange
  }

  /// Runs until a terminating signal or the end of `duration`, then blanks the tubes.
  public func run() throws -> Ending {
    let clock = services.clock
    let start = clock.monotonicTime()
    let end = duration.map { start + $0 }
    let watchdog = services.watchdog
    var nextCheckIn = start
    var due: Int64? = nil
    var ending: Ending

    notify(["READY=1", "STATUS=" + describe(planner)])
    logger.info("clock started: \(describe(planner))")
    // What waits to be saved is written however the loop ends.
    defer { saveSettings(at: clock.monotonicTime(), force: true) }
    while true {
      let mono = clock.monotonicTime()
      if let end, mono >= end {
        ending = .durationElapsed
        break
      }
      for command in services.inbox.take() { apply(command, at: mono, wall: clock.wallTime()) }
      saveSettings(at: mono)
      if let current = message, mono >= current.until { message = nil }
      if var replanned = zoneChange?() {
        replanned.keepRuntime(of: planner, keepNight: true)
        planner = replanned
        alarms.replanned()
        shown = nil
        logger.notice("the system's time zone changed: \(describe(planner))")
        notify(["STATUS=" + describe(planner)])
      }
      let wasVacant = planner.vacant
      room.apply(to: &planner, at: Int64(mono))
      if planner.vacant && !wasVacant { logger.debug("nobody there: the tubes go dark") }

      // A deadline wake-up evaluates at its due instant even if the clock reads a hair
      // before it; a larger gap means the clock was set in between, so the reading wins.
      var now = clock.wallTime()
      if let due, now < due, due - now < 2_000_000 { now = due }
      planner.values = faceValues.fresh(for: planner.rotation, at: mono)
      lookAtAlarms(at: now, mono: mono)
      try showFrame(at: now, mono: mono)
      services.status?.update(
        ClockStatus.Snapshot(
          planner: planner, activity: shown?.activity, night: planner.isNight(at: now),
          synchronised: synchronised ?? true,
          message: message.map { $0.text ?? planner.layout.text(of: $0.state) },
          room: room.report(planner: planner, at: Int64(mono), wall: clock.wallTime()),
          alarms: alarms.report(planner: planner, wall: now, mono: mono)),
        applied: services.inbox.taken)

      // Alive: the frame loop's next heartbeat may ping. Wake again within an interval.
      if let watchdog {
        watchdog.checkIn(at: mono)
        nextCheckIn = mono + watchdog.interval
      }

      let plannerDue = planner.nextDue(after: now, synchronised: synchronised ?? true)
      let deadline = wakeUp(
        plannerDue: plannerDue, now: now, mono: mono,
        monoDeadlines: [end, watchdog.map { _ in nextCheckIn }])
      due = nil
      switch try clock.wait(until: deadline) {
      case .deadline:
        if deadline == plannerDue { due = plannerDue }
      case .clockStepped:
        logger.notice("the system clock was set: re-aligned to the new time")
      case .woken:
        break
      case .signal(.hangUp):
        reloadConfiguration()
      case .signal(let signal):
        ending = .signal(signal)
        logger.info("signal \(signal): stopping")
        return try stop(ending)
      }
    }
    return try stop(ending)
  }

  /// The wall-clock instant the loop wakes at: the planner's next change, or sooner the first of
  /// `monoDeadlines` (the run's end, the watchdog's check-in), the message's end, the room's next
  /// look and the overrides file's save, each a monotonic instant taken to the wall clock.
  private func wakeUp(plannerDue: Int64, now: Int64, mono: UInt64, monoDeadlines: [UInt64?]) -> Int64 {
    let roomDue = room.nextDue(after: Int64(mono), planner: planner).map { UInt64(max($0, 0)) }
    var deadline = plannerDue
    let deadlines =
      monoDeadlines + [
        message?.until, roomDue, services.settings?.saveDue, alarms.nextChange,
        stopwatch.nextTick(after: mono),
      ]
    for monoDeadline in deadlines.compactMap({ $0 }) {
      deadline = min(deadline, now + Int64(monoDeadline - min(monoDeadline, mono)))
    }
    return deadline
  }

  private func stop(_ ending: Ending) throws -> Ending {
    notify(["STOPPING=1", "STATUS=stopping"])
    services.buzzer?.stop()
    try display.blank()
    return ending
  }

  private func showFrame(at now: Int64, mono: UInt64) throws {
    let state = services.synchronisation.synchronisation()
    let isSynchronised: Bool
    switch state {
    case .synchronised: isSynchronised = true
    case .unsynchronised: isSynchronised = false
    case .unknown(let error):
      if synchronised == nil { logger.warning("cannot tell whether the clock is synchronised: \(error)") }
      isSynchronised = true
    }
    if synchronised != isSynchronised {
      if synchronised != nil || !isSynchronised {
        logger.notice(
          isSynchronised
            ? "the system clock is synchronised"
            : "the system clock is not synchronised: \(planner.indicator.rawValue) separators")
      }
      synchronised = isSynchronised
      notify(["STATUS=" + describe(planner) + (isSynchronised ? "" : " (clock not synchronised)")])
    }

    var frame = planner.frame(at: now, synchronised: isSynchronised)
    if let message, planner.displayOn {
      frame = ClockFrame(
        state: message.state, brightness: max(frame.brightness, planner.dayLevel),
        activity: .message(message.transition ?? planner.transition))
    }
    try showBacklight(at: now)
    // Someone came back to dark tubes: the current time at once, no fade.
    let waking = darkWhileVacant && frame.brightness > 0
    guard let change = frame.change(from: shown, transition: waking ? .none : planner.transition) else {
      return
    }
    try display.show(frame.state, brightness: frame.brightness, change: change)
    shown = frame
    darkWhileVacant = frame.brightness == 0 && (planner.vacant || darkWhileVacant)
  }

  /// Hands the display the backlight's program when it changed (the night came or went, a
  /// setting changed); a backlight no longer set goes off.
  private func showBacklight(at now: Int64) throws {
    let program = planner.backlightProgram(at: now) ?? (backlightShown == nil ? nil : .off)
    guard let program, program != backlightShown else { return }
    try display.setBacklight(program)
    backlightShown = program
  }

  private func apply(_ command: ClockCommand, at mono: UInt64, wall: Int64) {
    switch command {
    case .setBrightness(let level):
      planner.brightness = min(1, max(0, level))
      if planner.light != nil && !room.knobOverride {
        room.knobOverride = true
        logger.info("brightness set by hand: it follows the light again after a reload")
      }
      logger.debug("brightness \(Int((planner.brightness * 100).rounded())) %")
    case .light(let reading, let sensor):
      switch room.take(reading, sensor: sensor, settings: planner.light, at: Int64(mono)) {
      case .lost(let sensor, let reason, let fallback)?:
        logger.warning("light sensor \(sensor): \(reason); brightness \(fallback) % until it reads again")
      case .recovered(let sensor, let lux)?:
        logger.info(
          "light sensor \(sensor) reads \(LuxText.text(lux)) lux: the brightness follows the light again")
      case nil:
        break
      }
    case .presence(let active):
      room.presenceLine(active: active, offAfter: planner.presenceOffAfter, at: Int64(mono))
      if active && planner.vacant { logger.debug("someone is there: the tubes light") }
    case .nextFace:
      // A face chosen over the control socket moves on itself; otherwise the rotation does.
      if let chosen = planner.chosenFace {
        planner.chosenFace = (chosen + 1) % max(1, planner.rotation.turns.count)
      } else {
        planner.faceShift = (planner.faceShift + 1) % max(1, planner.rotation.turns.count)
      }
      logger.debug("next face (shift \(planner.faceShift))")
    case .toggleNight:
      planner.nightOverride = !planner.isNight(at: wall)
      logger.debug("night mode \(planner.nightOverride == true ? "on" : "off") until reload")
    case .show(let state, let requested, let transition, let text):
      let seconds = requested ?? planner.showSeconds
      message = Message(state: state, until: mono + UInt64(seconds * 1e9), transition: transition, text: text)
      logger.debug("showing a value from the control socket for \(seconds) s")
    case .clear:
      message = nil
      logger.debug("message cleared: the clock again")
    case .reconfigure(let configuration):
      guard let configure else { return }
      do {
        // With an editor, its burst is logged once when written (`saveSettings`).
        adopt(
          try configure(configuration), keepNight: true, "settings changed over the control socket",
          quiet: services.settings != nil)
      } catch {
        logger.error("settings from the control socket not applied: \(error)")
      }
    case .runAntiPoisoning(let seconds):
      planner.requestedRun = planner.antiPoisoning.requested(
        at: wall, seconds: seconds ?? planner.antiPoisoning.short?.seconds ?? 5)
      message = nil
    case .display(let on):
      planner.displayOn = on
      logger.info("display \(on ? "on" : "off") (over the control socket)")
    case .chooseFace(let face):
      planner.chosenFace = face.map { min($0, max(0, planner.rotation.turns.count - 1)) }
      logger.debug(face.map { "face \($0) only" } ?? "the rotation of faces again")
    case .setNight(let night):
      planner.nightOverride = night
      logger.debug(
        "night mode \(night.map { $0 ? "on" : "off" } ?? "by the hours") (over the control socket)")
    case .faceValue(let topic, let state):
      faceValues.record(state, topic: topic, at: mono)
    case .countdown, .stopwatch, .alarm:
      applyTimeKeeping(command, wall: wall, mono: mono)
    }
  }

  /// The alarms', the countdown's and the stopwatch's commands.
  private func applyTimeKeeping(_ command: ClockCommand, wall: Int64, mono: UInt64) {
    switch command {
    case .countdown(let seconds):
      setCountdown(seconds: seconds, wall: wall, mono: mono)
    case .stopwatch(let action):
      let changed = stopwatch.apply(action, at: mono)
      logger.log(
        level: changed ? .debug : .info, "stopwatch \(action.rawValue)\(changed ? "" : ": nothing to do")")
    case .alarm(let action):
      guard let event = alarms.act(action, wall: wall, mono: mono, planner: planner) else {
        logger.info(
          "alarm \(action.rawValue): \(action == .skipNext ? "no alarm is set to ring" : "no alarm rings")")
        return
      }
      sound(event)
      followRinging()
    default:
      break
    }
  }

  /// One look at the alarms, the countdown and the stopwatch at `now` (wall) and `mono`: what
  /// rings, ends or moves on.
  private func lookAtAlarms(at now: Int64, mono: UInt64) {
    for event in alarms.advance(wall: now, mono: mono, planner: planner) { sound(event) }
    if let end = planner.countdownEnd, now >= end, !alarms.timerRings { endCountdown() }
    followRinging()
    planner.stopwatchElapsed = stopwatch.isShown ? stopwatch.elapsed(at: mono) : nil
    planner.stopwatchRunning = stopwatch.runningSince != nil
    let told = stopwatch.isShown ? planner.stopwatchRunning : nil
    if told != knobStopwatch {
      knobStopwatch = told
      services.stopwatchRunning?(told)
    }
  }

  /// What an alarm's event does: the buzzer plays or falls silent, and the log says so.
  private func sound(_ event: ClockAlarms.Event) {
    let line = event.logLine(planner: planner)
    logger.log(level: line.level, "\(line.text)")
    switch event {
    case .ring(_, let tune, _): play(tune, repeating: true)
    case .chime(let tune): play(tune, repeating: false)
    case .silenced, .snoozed: services.buzzer?.stop()
    case .missed, .skipped: break
    }
  }

  private func play(_ tune: Tune, repeating: Bool) {
    guard let buzzer = services.buzzer else { return }
    do {
      try buzzer.play(tune, repeat: repeating)
    } catch {
      logger.error("the buzzer cannot play \(tune.name): \(error)")
    }
  }

  /// A countdown of `seconds` from the clock's next second on (so its digits change with the
  /// clock's), or with 0 none: the one running cancelled, its ring stopped.
  private func setCountdown(seconds: Int, wall: Int64, mono: UInt64) {
    if seconds == 0 {
      if alarms.timerRings, let event = alarms.act(.stop, wall: wall, mono: mono, planner: planner) {
        sound(event)
      }
      guard planner.countdownEnd != nil else { return logger.info("countdown 0: no countdown runs") }
      endCountdown()
      followRinging()
      return logger.info("countdown cancelled")
    }
    guard planner.countdownFaces != nil else {
      return logger.warning("countdown refused: the board cannot show mm:ss")
    }
    let second = wall.floorDividing(by: 1_000_000_000) * 1_000_000_000
    let start = second == wall ? wall : second + 1_000_000_000
    planner.countdownEnd = start + Int64(seconds) * 1_000_000_000
    saveCountdown()
    let end = planner.calendar.local(start.floorDividing(by: 1_000_000_000) + Int64(seconds))
    logger.info("countdown of \(DurationText.text(seconds)): rings at \(end)")
  }

  /// The countdown is over: its time left no longer shows, and its file goes.
  private func endCountdown() {
    planner.countdownEnd = nil
    saveCountdown()
  }

  private func saveCountdown() {
    do {
      try services.countdownFile?.save(planner.countdownEnd)
    } catch {
      logger.warning("the countdown is not kept for a restart: \(error)")
    }
  }

  /// The tubes light while an alarm rings, and the knob's presses are the alarm's.
  private func followRinging() {
    let ringing = alarms.isRinging
    guard planner.alarmRinging != ringing else { return }
    planner.alarmRinging = ringing
    services.alarmRinging?(ringing)
  }

  private func reloadConfiguration() {
    guard let reload else {
      logger.notice("SIGHUP: no configuration file to reload")
      return
    }
    do {
      adopt(try reload(), keepNight: false, "configuration reloaded")
    } catch {
      logger.error("configuration not reloaded, keeping the running one: \(error)")
    }
  }

  /// Plays a new configuration's `plan` from now on, with what the running one keeps
  /// (`ClockPlanner.keepRuntime`), and says so as `what` in systemd's status and the log (at
  /// debug when `quiet`: said elsewhere).
  private func adopt(_ plan: ClockPlanner, keepNight: Bool, _ what: String, quiet: Bool = false) {
    var plan = plan
    plan.keepRuntime(of: planner, keepNight: keepNight)
    planner = plan
    alarms.replanned()
    room.knobOverride = false
    shown = nil
    logger.log(level: quiet ? .debug : .notice, "\(what): \(describe(planner))")
    notify(["STATUS=" + describe(planner)])
  }

  /// Writes the settings changed over the control socket when due (`force`: now), and logs a
  /// burst of changes once: how many, and the settings in force after the last.
  private func saveSettings(at mono: UInt64, force: Bool = false) {
    guard let editor = services.settings, let report = editor.save(at: mono, force: force) else { return }
    if let failure = report.failure {
      let again =
        "they are in force, and saving is tried again every \(OverridesSaveSchedule.quiet / 1_000_000_000) s"
      logger.error("cannot save the settings changed over the control socket: \(failure); \(again)")
      return
    }
    let burst = report.changes > 1 ? " (\(report.changes) changes in \(report.seconds) s)" : ""
    let again = report.recovered ? ", saved again" : ""
    logger.notice("settings changed over the control socket\(burst)\(again): \(describe(planner))")
  }

  private func notify(_ assignments: [String]) {
    guard let notifier = services.notifier else { return }
    do {
      try notifier.notify(assignments)
    } catch {
      logger.warning("cannot notify the service manager: \(error)")
    }
  }
}
