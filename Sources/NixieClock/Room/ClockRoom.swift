import NixieRoom

/// The room as the daemon loop follows it: the light sensor's samples (`brightness: auto`)
/// and the presence line, turned into the schedule's `roomLight` and `vacant` at each look.
/// A value the loop owns; times are its monotonic nanoseconds.
struct ClockRoom {
  /// What the loop should log after a sample.
  enum Note: Equatable {
    case lost(sensor: String, reason: String, fallbackPercent: Int)
    case recovered(sensor: String, lux: Double)
  }

  private(set) var auto: AutoBrightness?
  private(set) var presence: PresenceTimer?
  /// The sensor the last sample came from.
  private var sensor: String?
  /// The knob set the brightness: the light is not followed until the next reload.
  var knobOverride = false

  /// Takes a sample of the light sensor at `time`, for `settings` (nil: `brightness: auto` is
  /// not set, and the sample is dropped). Returns what to log.
  mutating func take(
    _ reading: AutoBrightness.Reading, sensor: String, settings: AutoBrightness.Settings?, at time: Int64
  ) -> Note? {
    guard let settings else { return nil }
    var auto = self.auto ?? AutoBrightness(settings: settings)
    auto.settings = settings
    let change = auto.take(reading, at: time)
    self.auto = auto
    self.sensor = sensor
    switch change {
    case .lost(let reason)?:
      return .lost(sensor: sensor, reason: reason, fallbackPercent: settings.fallbackPercent)
    case .recovered(let lux)?:
      return .recovered(sensor: sensor, lux: lux)
    case nil:
      return nil
    }
  }

  /// The presence line is `active` (or not) at `time`; the first reading starts the timer.
  mutating func presenceLine(active: Bool, offAfter: Int64?, at time: Int64) {
    guard var timer = presence else {
      presence = PresenceTimer(offAfter: offAfter ?? 0, active: active, at: time)
      return
    }
    timer.line(active: active, at: time)
    presence = timer
  }

  /// Sets `planner`'s room light and vacancy for `time`: the light's next step when one is
  /// due, nobody there once `presenceOffAfter` has passed without anyone.
  mutating func apply(to planner: inout ClockPlanner, at time: Int64) {
    if let settings = planner.light, !knobOverride, var auto {
      auto.settings = settings
      planner.roomLight = Double(auto.level(at: time)) / 100
      self.auto = auto
    } else {
      planner.roomLight = nil
    }
    if let offAfter = planner.presenceOffAfter, var timer = presence {
      timer.offAfter = offAfter
      presence = timer
      planner.vacant = !timer.isPresent(at: time)
    } else {
      planner.vacant = false
    }
  }

  /// The next instant after `time` at which the room changes what the tubes show: the light's
  /// next step, the room turning empty.
  func nextDue(after time: Int64, planner: ClockPlanner) -> Int64? {
    var due: [Int64] = []
    if planner.light != nil, !knobOverride, let step = auto?.nextStep { due.append(step) }
    if planner.presenceOffAfter != nil, let change = presence?.nextChange(after: time) { due.append(change) }
    return due.min()
  }

  /// The room as the state reports it at `time` (`wall` the wall clock then).
  func report(planner: ClockPlanner, at time: Int64, wall: Int64) -> RoomReport {
    var report = RoomReport()
    if let settings = planner.light {
      let source: RoomReport.Source =
        knobOverride ? .knob : (auto?.lux == nil ? .fallback : .sensor)
      report.light = RoomReport.Light(
        sensor: sensor, lux: auto?.lux,
        percent: knobOverride
          ? Int((planner.brightness * 100).rounded()) : (auto?.level ?? settings.fallbackPercent),
        source: source, fault: auto?.fault)
    }
    if let offAfter = planner.presenceOffAfter, let timer = presence {
      report.presence = RoomReport.Presence(
        present: timer.isPresent(at: time), lastSeen: wall - (time - timer.seen(asOf: time)),
        offAfterSeconds: offAfter / 1_000_000_000)
    }
    return report
  }
}
