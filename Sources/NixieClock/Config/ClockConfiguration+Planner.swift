import NixieBoardModel
import NixieClockSettings
import NixieControl
import NixieCore
import NixieText

extension ClockConfiguration {
  /// The schedule for `board`: faces checked against what it can show, the zone looked up. A
  /// problem in the file is bad configuration at its file:line:column; one from the command
  /// line is bad usage naming the option.
  public func planner(for board: BoardProfile) throws(NixieError) -> ClockPlanner {
    let zone = try Self.zone(timeZone, origin: timeZoneOrigin)
    var turns: [FaceRotation.Turn] = []
    let fitting = DefaultFaces.best(for: board.formatter)
    for face in faces where face.topic == nil {
      do {
        let pattern = try FacePattern(face.format)
        turns.append(
          FaceRotation.Turn(
            face: try ClockFace(pattern: pattern, formatter: board.formatter), seconds: face.seconds))
      } catch {
        var message = error.description
        if let fitting, fitting.pattern.text != face.format {
          message += " (\(board.name) can show \(fitting.pattern.text))"
        }
        if let origin = face.origin { throw NixieError(.badConfiguration, origin.describe(message)) }
        throw NixieError(.badUsage, "--format: \(message)")
      }
    }
    if faces.isEmpty {
      guard let fitting else {
        throw NixieError(
          .badConfiguration,
          "\(board.name) cannot show any of the usual faces (\(DefaultFaces.candidates.joined(separator: ", "))):"
            + " give one with --format or faces: in the configuration")
      }
      turns.append(FaceRotation.Turn(face: fitting, seconds: SettingRanges.defaultFaceSeconds(at: 0)))
    }
    turns = try Self.withTopicFaces(faces, dateTurns: turns)
    var planner = ClockPlanner(
      calendar: zone, rotation: FaceRotation(turns: turns), layout: board.layout, night: night,
      antiPoisoning: antiPoisoning, indicator: indicator, brightness: brightness, transition: transition)
    if board.backlight?.isDriven == true { planner.backlight = backlight ?? Self.backlightOff }
    planner.light = light.map { $0.settings(fallback: brightness) }
    planner.presenceOffAfter = presence.map { Int64($0.offAfterSeconds) * 1_000_000_000 }
    planner.showSeconds = Double(showSeconds)
    planner.motion = motion
    planner.alarms = alarms
    planner.chime = chime
    planner.countdown = countdown ?? .standard
    planner.countdownFaces = CountdownFaces(formatter: board.formatter)
    planner.stopwatchFaces = StopwatchFaces(formatter: board.formatter)
    return planner
  }

  /// The rotation's turns in the order `faces` lists them: the date faces' turns as given, each
  /// topic face a turn of its own whose date face — shown while the topic has no fresh value —
  /// is the date face before it (the last one for a topic face at the start). A topic may be
  /// shown by one face only, and a rotation of topic faces alone has no time to fall back on.
  static func withTopicFaces(_ faces: [Face], dateTurns: [FaceRotation.Turn]) throws(NixieError)
    -> [FaceRotation.Turn]
  {
    guard let firstTopic = faces.first(where: { $0.topic != nil }) else { return dateTurns }
    var seen: [String: Face] = [:]
    for face in faces {
      guard let topic = face.topic else { continue }
      if let first = seen[topic.topic] {
        let earlier = first.origin?.place.map { " (first at \($0))" } ?? ""
        throw Self.faceError(
          face, "topic '\(Printable.escaped(topic.topic))' is shown by another face\(earlier)")
      }
      seen[topic.topic] = face
    }
    guard let last = dateTurns.last, faces.contains(where: { $0.topic == nil }) else {
      throw Self.faceError(
        firstTopic,
        "faces that show a topic need a date face beside them, shown while the topic has no fresh value")
    }
    var turns: [FaceRotation.Turn] = []
    var dates = dateTurns.makeIterator()
    var previous = last.face
    for face in faces {
      if let topic = face.topic {
        turns.append(FaceRotation.Turn(face: previous, seconds: face.seconds, topic: topic))
      } else if let turn = dates.next() {
        turns.append(turn)
        previous = turn.face
      }
    }
    return turns
  }

  /// A mistake in `face`: bad configuration at its place, or bad usage without one.
  private static func faceError(_ face: Face, _ message: String) -> NixieError {
    if let origin = face.origin { return NixieError(.badConfiguration, origin.describe(message)) }
    return NixieError(.badUsage, message)
  }

  /// A board's backlight when nothing sets it: off.
  static let backlightOff = Backlight(setting: .off, text: "off")
}
