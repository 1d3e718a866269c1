import NixieBoardModel
import NixieControl
import NixieRuntime
import NixieText
import NixieTransitions

/// The answer to a `state` request: the board's layout, the settings in force and where they
/// come from, what the tubes show, and how punctual the frame thread is (docs/INTERFACE.md).
public struct ClockStateReport: Sendable {
  public let board: BoardProfile
  public let status: ClockStatus
  public let editor: ClockSettingsEditor?
  public let frames: FramePublisher?
  /// The frame thread's lateness so far.
  public let timing: @Sendable () -> SliceTiming?
  /// How long a frame write takes as the frame thread measured it, and the PWM fitted to it
  /// (nil: not measured yet, or not paced by PWM frames).
  public let writes: @Sendable () -> (writeTime: UInt64?, pwm: PWMSettings?)
  /// When the clock started and the time now (monotonic nanoseconds), for its uptime; nil:
  /// no uptime reported.
  public let uptime: (@Sendable () -> UInt64)?
  /// Tube care's count up to now; nil: not counted.
  public let wear: (@Sendable () -> CathodeWear)?

  public init(
    board: BoardProfile, status: ClockStatus, editor: ClockSettingsEditor?, frames: FramePublisher?,
    timing: @escaping @Sendable () -> SliceTiming?,
    writes: @escaping @Sendable () -> (writeTime: UInt64?, pwm: PWMSettings?) = { (nil, nil) },
    uptime: (@Sendable () -> UInt64)? = nil, wear: (@Sendable () -> CathodeWear)? = nil
  ) {
    self.writes = writes
    self.board = board
    self.status = status
    self.editor = editor
    self.frames = frames
    self.timing = timing
    self.uptime = uptime
    self.wear = wear
  }

  /// The answer to a `wear` request: `WearReport`'s JSON of the count, as `nixie wear --json`
  /// prints it; nil when the clock does not count.
  public func wearJSON() -> String? {
    // One line: the report's own newline ends a file, not this member.
    wear.map { String(WearReport.json($0(), layout: board.layout).prefix { $0 != "\n" }) }
  }

  /// The backlight setting in force (`#rrggbb`, a name, `off`, `cycle`); nil on boards
  /// without one nixie drives (the page then disables its control).
  var backlight: String? {
    guard board.backlight?.isDriven == true else { return nil }
    return status.snapshot?.planner.backlight?.text ?? "off"
  }

  /// The state as a JSON object.
  public func json() -> String {
    var members = steadyMembers()
    if let uptime { members.append(("uptime_s", String(uptime() / 1_000_000_000))) }
    members += liveMembers()
    return JSONText.object(members)
  }

  /// What a state subscriber gets (`subscribe: "state"`): the state without `shows` and
  /// `frame_timing`, which move with every second and frame; and `key`, the same without the
  /// uptime, to tell whether anything changed since the last line.
  public func subscription() -> (key: String, json: String) {
    let members = steadyMembers()
    let key = JSONText.object(members)
    guard let uptime else { return (key, key) }
    return (key, JSONText.object(members + [("uptime_s", String(uptime() / 1_000_000_000))]))
  }

  /// The members that change only when something happens: settings, activity, night,
  /// overrides, the display's power, the chosen face, synchronisation, the value shown, the
  /// topic faces' values.
  private func steadyMembers() -> [(String, String)] {
    var members: [(String, String)] = [
      ("protocol", String(ControlRequest.versions.upperBound)), ("board", JSONText.quoted(board.name)),
      ("layout", ReportedLayout.json(board.layout)),
    ]
    if let snapshot = status.snapshot {
      let planner = snapshot.planner
      members.append(("settings", Self.settings(planner)))
      members.append(("activity", JSONText.quoted(Self.activity(snapshot.activity))))
      members.append(("night", snapshot.night ? "true" : "false"))
      members.append(("display", planner.displayOn ? "true" : "false"))
      members.append(("face", planner.chosenFace.map(String.init) ?? "null"))
      members.append(("synchronised", snapshot.synchronised ? "true" : "false"))
      members.append(("message", snapshot.message.map { JSONText.quoted(Self.trimmed($0)) } ?? "null"))
      let values = planner.values.sorted { $0.key < $1.key }.map {
        ($0.key, JSONText.quoted(Self.trimmed(board.layout.text(of: $0.value))))
      }
      members.append(("values", JSONText.object(values)))
    }
    members.append(("overridden", JSONText.array(editor?.overrides.setKeys ?? [])))
    members.append(("pinned", JSONText.array((editor?.settings.pinnedKeys.keys.sorted()) ?? [])))
    members.append(("saved_to", editor?.settings.overridesFile.map(JSONText.quoted) ?? "null"))
    members.append(("backlight", backlight.map(JSONText.quoted) ?? "null"))
    members.append(("light", Self.json(status.snapshot?.room.light)))
    members.append(("presence", Self.json(status.snapshot?.room.presence)))
    members.append(("alarm", Self.json(status.snapshot?.alarms)))
    members.append(("countdown", Self.json(countdownEnd: status.snapshot?.planner.countdownEnd)))
    let stopwatch = status.snapshot.map {
      $0.planner.stopwatchElapsed == nil ? nil : $0.planner.stopwatchRunning
    }
    members.append(
      ("stopwatch", stopwatch.flatMap { $0.map { JSONText.quoted($0 ? "running" : "stopped") } } ?? "null"))
    return members
  }

  /// What the tubes show now and how punctual the frame thread is.
  private func liveMembers() -> [(String, String)] {
    var members: [(String, String)] = []
    if let frames {
      let (state, brightness) = frames.target()
      members.append(
        (
          "shows",
          JSONText.object([
            ("text", JSONText.quoted(board.layout.text(of: state))),
            (
              "positions",
              JSONText.array(json: board.layout.cathodeNames(of: state).map { JSONText.array($0) })
            ),
            ("brightness", FramePublisher.number(brightness)),
          ])
        ))
    }
    if let timing = timing(), timing.samples > 0 {
      func micro(_ value: UInt64?) -> String { value.map { String($0 / 1000) } ?? "null" }
      members.append(
        (
          "frame_timing",
          JSONText.object(
            [
              ("frames", String(timing.samples)), ("p50_us", micro(timing.percentile(0.5))),
              ("p99_us", micro(timing.percentile(0.99))), ("max_us", micro(timing.maximum)),
            ] + writeMembers())
        ))
    }
    return members
  }

  /// The measured write time and the PWM fitted to it (`WriteTimeWatch`), in microseconds.
  private func writeMembers() -> [(String, String)] {
    let (writeTime, pwm) = writes()
    return [
      ("write_us", writeTime.map { String($0 / 1_000) } ?? "null"),
      ("pwm_period_us", pwm.map { String($0.period / 1_000) } ?? "null"),
      ("pwm_levels", pwm.map { String($0.levels) } ?? "null"),
    ]
  }

  static func settings(_ planner: ClockPlanner) -> String {
    let faces = planner.rotation.turns.map { turn in
      if let topic = turn.topic { return topic.json(seconds: turn.seconds) }
      return JSONText.object([
        ("format", JSONText.quoted(turn.face.pattern.text)), ("seconds", String(turn.seconds)),
      ])
    }
    let night: String
    if let mode = planner.night {
      var fields = [
        ("from", JSONText.quoted(mode.from.description)), ("until", JSONText.quoted(mode.until.description)),
        ("mode", JSONText.quoted(mode.mode.rawValue)),
      ]
      if mode.mode == .dim { fields.append(("brightness", String(Int((mode.brightness * 100).rounded())))) }
      night = JSONText.object(fields)
    } else {
      night = JSONText.quoted("off")
    }
    return JSONText.object([
      ("timezone", JSONText.quoted(planner.calendar.identifier)), ("faces", JSONText.array(json: faces)),
      ("brightness", String(Int((planner.brightness * 100).rounded()))), ("night", night),
      ("transition", JSONText.quoted(planner.transition.rawValue)),
      ("fade_ms", String(planner.motion.fade / 1_000_000)),
      ("show_seconds", String(Int(planner.showSeconds))), ("alarms", json(alarms: planner.alarms)),
      ("chime", planner.chime.map { JSONText.quoted($0.tuneText) } ?? "null"),
    ])
  }

  /// What the tubes show without the dark tubes at either end (`   21.5 ` is `21.5`).
  static func trimmed(_ text: String) -> String {
    String(text.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
  }

  static func activity(_ activity: ClockFrame.Activity?) -> String {
    switch activity {
    case .face?, nil: "clock"
    case .antiPoisoning?: "anti-poisoning"
    case .message?: "message"
    case .countdown?: "countdown"
    case .stopwatch?: "stopwatch"
    }
  }
}
