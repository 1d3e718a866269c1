import NixieClockSettings
import NixieControl
import NixieDisplay
import NixieRoom
import NixieTime
import NixieTransitions

/// The clock's schedule as a pure function of time: given a wall-clock instant and whether
/// the system clock is synchronised, what the display should be (`frame(at:)`) and when it
/// next needs another look (`nextDue(after:)`). No clock is read inside; the daemon loop
/// and the tests supply the instants.
public struct ClockPlanner: Equatable, Sendable {
  public var calendar: ZoneCalendar
  public var rotation: FaceRotation
  public var night: NightMode?
  public var antiPoisoning: AntiPoisoningSchedule
  public var indicator: UnsynchronisedIndicator
  /// The day's brightness, 0…1.
  public var brightness: Double
  /// How a new value replaces the old (`value` changes).
  public var transition: TransitionSpec.Kind
  /// Faces to skip ahead in the rotation (the knob's press).
  public var faceShift = 0
  /// Night forced on or off regardless of the hours (the knob's long press); nil: the hours.
  public var nightOverride: Bool?
  /// A run asked for over the control socket (Unix nanoseconds); it wins over the schedule
  /// while it lasts.
  public var requestedRun: AntiPoisoningRun?
  public let layout: DisplayLayout
  /// The backlight, on boards with one nixie drives; nil on the others.
  public var backlight: ClockConfiguration.Backlight?
  /// `brightness: auto`: how the room's light sets the brightness; nil: the day's brightness.
  public var light: AutoBrightness.Settings?
  /// The brightness the room's light chose, 0…1 (the daemon sets it from the sensor's
  /// readings); nil: the day's brightness is in force.
  public var roomLight: Double?
  /// `presence`: dark after this many nanoseconds with nobody seen; nil: always lit.
  public var presenceOffAfter: Int64?
  /// Nobody has been there for `presenceOffAfter` (the daemon sets it): the tubes are dark.
  public var vacant = false
  /// Whether the tubes show anything: off, every tube is dark (no values, no anti-poisoning)
  /// until it is turned on again — a TV's power, not a setting.
  public var displayOn = true
  /// The one face shown instead of the rotation (its index), or nil: the rotation.
  public var chosenFace: Int?
  /// The fresh values of the topic faces, by topic (the daemon hands them in before each
  /// frame; a topic without one is skipped).
  public var values: [String: DisplayState] = [:]
  /// How long a value shown over the control socket stays when its request names no seconds.
  public var showSeconds = Double(SettingRanges.defaultShowSeconds)
  /// The fades' length and curve (the display plays them; the `state` answer reports them).
  public var motion = ClockMotion()
  /// nixie.yaml's alarms (the daemon rings them: `ClockAlarms`).
  public var alarms: [ClockConfiguration.AlarmEntry] = []
  /// The hourly chime; nil: none.
  public var chime: ClockConfiguration.Chime?
  /// An alarm rings (the daemon sets it): the tubes light at the day's brightness whatever
  /// the night, presence or the display's power say, until it stops.
  public var alarmRinging = false
  /// What the countdown timer plays at zero.
  public var countdown = ClockConfiguration.Countdown.standard
  /// How the board shows a countdown; nil: it cannot (fewer than four digits).
  public var countdownFaces: CountdownFaces?
  /// When the countdown running reaches zero (Unix nanoseconds, on a second of the clock); nil:
  /// none. Its time left shows instead of the faces until its ring ends.
  public var countdownEnd: Int64?
  /// How the board shows the stopwatch; nil: it cannot (fewer than four digits).
  public var stopwatchFaces: StopwatchFaces?
  /// The stopwatch's time while it is shown (the daemon sets it at each look); nil: not shown.
  public var stopwatchElapsed: UInt64?
  /// The stopwatch runs (the daemon sets it).
  public var stopwatchRunning = false

  public init(
    calendar: ZoneCalendar, rotation: FaceRotation, layout: DisplayLayout, night: NightMode? = nil,
    antiPoisoning: AntiPoisoningSchedule = .off, indicator: UnsynchronisedIndicator = .blink,
    brightness: Double = 1, transition: TransitionSpec.Kind = .crossfade
  ) {
    self.calendar = calendar
    self.rotation = rotation
    self.layout = layout
    self.night = night
    self.antiPoisoning = antiPoisoning
    self.indicator = indicator
    self.brightness = min(1, max(0, brightness))
    self.transition = transition
  }

  /// The display at `time` (Unix nanoseconds). During an anti-poisoning run it is the face the
  /// run lands on at its end; the display runs the slot machine through every cathode until then.
  public func frame(at time: Int64, synchronised: Bool) -> ClockFrame {
    let seconds = time.floorDividing(by: 1_000_000_000)
    let intoSecond = time - seconds * 1_000_000_000
    let local = calendar.local(seconds)
    let level =
      alarmRinging
      ? dayLevel : displayOn ? self.level(nightFactor: nightFactor(atSecondOfDay: local.secondOfDay)) : 0
    let turn = self.turn(atSecondOfDay: local.secondOfDay)
    guard level > 0 else {
      return ClockFrame(state: layout.blank, brightness: 0, activity: .face(turn))
    }
    if let end = countdownEnd, let faces = countdownFaces {
      let left = (max(0, end - time) + 999_999_999) / 1_000_000_000
      return ClockFrame(state: faces.state(secondsLeft: Int(left)), brightness: level, activity: .countdown)
    }
    if let elapsed = stopwatchElapsed, let faces = stopwatchFaces {
      return ClockFrame(state: faces.state(elapsed: elapsed), brightness: level, activity: .stopwatch)
    }
    if let run = requested(at: time) ?? antiPoisoning.run(at: time, local: local, calendar: calendar) {
      let end = calendar.local(run.end.floorDividing(by: 1_000_000_000))
      let landing = self.turn(atSecondOfDay: end.secondOfDay)
      return ClockFrame(
        state: rotation.turns[landing].face.state(at: end), brightness: level, activity: .antiPoisoning(run))
    }
    let value = rotation.turns[turn].topic.flatMap { values[$0.topic] }
    let content = value ?? rotation.turns[turn].face.state(at: local)
    // A value from the house keeps its decimal point: the indicator speaks of the time.
    let hidden = !synchronised && value == nil && indicator.hidesSeparators(nanosecondsIntoSecond: intoSecond)
    return ClockFrame(
      state: hidden ? UnsynchronisedIndicator.withoutSeparators(content, layout: layout) : content,
      content: content, brightness: level, activity: .face(turn), separatorsHidden: hidden)
  }

  /// The brightness under the night's `factor`: the day's, or the room's light when it sets
  /// one. Night mode still wins: a dim night is at most its share of the day's brightness
  /// (darker if the room is), a dark night and an empty room are dark — both the night and
  /// presence must allow light.
  func level(nightFactor factor: Double) -> Double {
    guard !vacant else { return 0 }
    guard let roomLight else { return brightness * factor }
    return factor < 1 ? min(roomLight, brightness * factor) : roomLight
  }

  /// The brightness a message is shown at, at least: the day's, or the room light's.
  public var dayLevel: Double { roomLight ?? brightness }

  /// The turn shown at local `secondOfDay`: the chosen face, else the rotation's turn moved on
  /// by the knob's presses.
  public func turn(atSecondOfDay secondOfDay: Int) -> Int {
    let count = max(1, rotation.turns.count)
    if let chosenFace { return min(chosenFace, count - 1) }
    return (rotation.turn(atSecondOfDay: secondOfDay) + faceShift) % count
  }

  /// What a `reconfigure` or reload keeps of `running`: the display's power, a chosen face
  /// still in the rotation, the room's light and presence as last followed (the daemon follows
  /// them on from there); with `keepNight` (a change over the control socket, not a reload)
  /// also the night forced on or off and the knob's moves through the faces.
  public mutating func keepRuntime(of running: ClockPlanner, keepNight: Bool) {
    displayOn = running.displayOn
    if let chosen = running.chosenFace, chosen < rotation.turns.count { chosenFace = chosen }
    values = running.values
    roomLight = running.roomLight
    vacant = running.vacant
    alarmRinging = running.alarmRinging
    countdownEnd = running.countdownEnd
    stopwatchElapsed = running.stopwatchElapsed
    stopwatchRunning = running.stopwatchRunning
    guard keepNight else { return }
    nightOverride = running.nightOverride
    faceShift = running.faceShift % max(1, rotation.turns.count)
  }

  /// The requested run, while `time` is inside it.
  private func requested(at time: Int64) -> AntiPoisoningRun? {
    guard let run = requestedRun, time >= run.start, time < run.end else { return nil }
    return run
  }

  /// Whether it is night at `time` (by the hours, or as the knob forced it).
  public func isNight(at time: Int64) -> Bool {
    nightFactor(atSecondOfDay: calendar.local(time.floorDividing(by: 1_000_000_000)).secondOfDay) < 1
  }

  /// What the backlight plays at `time`: its setting under the night's dimming; nil on
  /// boards without one.
  public func backlightProgram(at time: Int64) -> BacklightProgram? {
    guard let backlight else { return nil }
    let local = calendar.local(time.floorDividing(by: 1_000_000_000))
    return backlight.program(nightFactor: nightFactor(atSecondOfDay: local.secondOfDay))
  }

  /// The brightness factor of the night: 1 by day; a forced night without night hours
  /// configured dims to 20 %.
  private func nightFactor(atSecondOfDay secondOfDay: Int) -> Double {
    guard let nightOverride else { return night?.factor(atSecondOfDay: secondOfDay) ?? 1 }
    guard nightOverride else { return 1 }
    guard let night else { return 0.2 }
    return night.mode == .dark ? 0 : night.brightness
  }

  /// The next instant after `time` at which the frame may change: the next second boundary,
  /// the middle of the second while the separators blink, the end of an anti-poisoning run.
  public func nextDue(after time: Int64, synchronised: Bool) -> Int64 {
    let seconds = time.floorDividing(by: 1_000_000_000)
    var due = (seconds + 1) * 1_000_000_000
    let intoSecond = time - seconds * 1_000_000_000
    if !synchronised, indicator == .blink, intoSecond < 500_000_000 {
      due = min(due, seconds * 1_000_000_000 + 500_000_000)
    }
    if case .antiPoisoning(let run) = frame(at: time, synchronised: synchronised).activity {
      due = min(due, run.end)
    }
    return due
  }
}
