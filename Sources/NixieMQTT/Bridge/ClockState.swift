import NixieControl
import NixieText

/// What the bridge needs of the clock's state (the control protocol's `state` object, as a
/// version 3 subscription pushes it): read leniently — a member the clock does not send leaves
/// its default — so a clock a version ahead still works.
struct ClockState: Hashable, Sendable {
  /// A face of the rotation as the clock reports it.
  enum Face: Hashable, Sendable {
    case pattern(String)
    case topic(String)
  }

  var board = "nixie"
  var brightness = 100
  var faces: [Face] = []
  var fadeMilliseconds = 500
  var showSeconds = 5
  /// Whether it is night now (by the hours or forced).
  var night = false
  var displayOn = true
  /// The face shown instead of the rotation, if one is chosen.
  var chosenFace: Int?
  var synchronised = true
  /// The value shown over the control socket, while it shows.
  var message: String?
  /// Seconds since the clock started, when the state was sent.
  var uptimeSeconds: Int?

  init() {}

  /// The state in `object` (the `state` member of a line), or nil when it is not an object.
  init?(json object: JSONValue) {
    guard case .object = object else { return nil }
    if case .string(let board)? = object["board"] { self.board = board }
    if let night = object["night"]?.bool { self.night = night }
    if let display = object["display"]?.bool { self.displayOn = display }
    if let face = object["face"]?.whole { self.chosenFace = face }
    if let synchronised = object["synchronised"]?.bool { self.synchronised = synchronised }
    if case .string(let message)? = object["message"] { self.message = message }
    if let uptime = object["uptime_s"]?.whole { self.uptimeSeconds = uptime }
    guard let settings = object["settings"] else { return }
    if let brightness = settings["brightness"]?.whole { self.brightness = brightness }
    if let fade = settings["fade_ms"]?.whole { self.fadeMilliseconds = fade }
    if let seconds = settings["show_seconds"]?.whole { self.showSeconds = seconds }
    if case .array(let faces)? = settings["faces"] {
      self.faces = faces.compactMap { face in
        if case .string(let topic)? = face["topic"] { return .topic(topic) }
        if case .string(let format)? = face["format"] { return .pattern(format) }
        return nil
      }
    }
  }

  /// The topics the clock's faces show, each once.
  var topics: [String] {
    var seen: Set<String> = []
    return faces.compactMap { face in
      guard case .topic(let topic) = face, seen.insert(topic).inserted else { return nil }
      return topic
    }
  }

  /// The select's options: `rotation`, then a name for each face — its pattern or its topic —
  /// made unique with ` (2)`, ` (3)` … where two faces read alike.
  var faceOptions: [String] {
    var options = [Self.rotation]
    for face in faces {
      let base: String
      switch face {
      case .pattern(let pattern): base = pattern
      case .topic(let topic): base = topic
      }
      var name = base
      var count = 1
      while options.contains(name) {
        count += 1
        name = "\(base) (\(count))"
      }
      options.append(name)
    }
    return options
  }

  /// The select's option for the rotation.
  static let rotation = "rotation"

  /// The select's state: `rotation`, or the chosen face's option.
  var faceOption: String {
    let options = faceOptions
    guard let chosenFace, chosenFace + 1 < options.count else { return Self.rotation }
    return options[chosenFace + 1]
  }
}

extension JSONValue {
  /// A JSON boolean's value.
  var bool: Bool? {
    guard case .bool(let value) = self else { return nil }
    return value
  }

  /// A JSON number that is a whole number of reasonable size.
  var whole: Int? {
    guard let number = double, number.rounded() == number, abs(number) < 1e15 else { return nil }
    return Int(number)
  }
}
