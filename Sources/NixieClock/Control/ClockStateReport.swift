import NixieBoardModel
import NixieControl
import NixieRuntime
import NixieText

/// The answer to a `state` request: the board's layout, the settings in force and where they
/// come from, what the tubes show, and how punctual the frame thread is (docs/INTERFACE.md).
public struct ClockStateReport: Sendable {
  public let board: BoardProfile
  public let status: ClockStatus
  public let editor: ClockSettingsEditor?
  public let frames: FramePublisher?
  /// The frame thread's lateness so far.
  public let timing: @Sendable () -> SliceTiming?

  public init(
    board: BoardProfile, status: ClockStatus, editor: ClockSettingsEditor?, frames: FramePublisher?,
    timing: @escaping @Sendable () -> SliceTiming?
  ) {
    self.board = board
    self.status = status
    self.editor = editor
    self.frames = frames
    self.timing = timing
  }

  /// The backlight setting in force (`#rrggbb`, a name, `off`, `cycle`); nil on boards
  /// without one nixie drives (the page then disables its control).
  var backlight: String? {
    guard board.backlight?.isDriven == true else { return nil }
    return status.snapshot?.planner.backlight?.text ?? "off"
  }

  /// The state as a JSON object.
  public func json() -> String {
    var members: [(String, String)] = [
      ("protocol", String(ControlRequest.versions.upperBound)), ("board", JSONText.quoted(board.name)),
      ("layout", ReportedLayout.json(board.layout)),
    ]
    if let snapshot = status.snapshot {
      members.append(("settings", Self.settings(snapshot.planner)))
      members.append(("activity", JSONText.quoted(Self.activity(snapshot.activity))))
      members.append(("night", snapshot.night ? "true" : "false"))
    }
    members.append(("overridden", JSONText.array(editor?.overrides.setKeys ?? [])))
    members.append(("pinned", JSONText.array((editor?.settings.pinnedKeys.keys.sorted()) ?? [])))
    members.append(("saved_to", editor?.settings.overridesFile.map(JSONText.quoted) ?? "null"))
    members.append(("backlight", backlight.map(JSONText.quoted) ?? "null"))
    members.append(("light", Self.json(status.snapshot?.room.light)))
    members.append(("presence", Self.json(status.snapshot?.room.presence)))
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
          JSONText.object([
            ("frames", String(timing.samples)), ("p50_us", micro(timing.percentile(0.5))),
            ("p99_us", micro(timing.percentile(0.99))), ("max_us", micro(timing.maximum)),
          ])
        ))
    }
    return JSONText.object(members)
  }

  static func settings(_ planner: ClockPlanner) -> String {
    let faces = planner.rotation.turns.map {
      JSONText.object([("format", JSONText.quoted($0.face.pattern.text)), ("seconds", String($0.seconds))])
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
    ])
  }

  static func activity(_ activity: ClockFrame.Activity?) -> String {
    switch activity {
    case .face?, nil: "clock"
    case .antiPoisoning?: "anti-poisoning"
    case .message?: "message"
    }
  }
}
