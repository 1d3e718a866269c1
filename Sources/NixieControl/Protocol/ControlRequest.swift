import NixieText
import NixieTransitions

/// One request on the control socket: a JSON object on one line, such as
/// `{"show": "1234", "seconds": 5, "transition": "slot"}` or `{"clear": true}`.
///
/// The protocol is versioned. Version 1 is `show` and `clear`, as `nixie send` has always
/// written them; they stay valid with or without `"version"`. Version 2 adds what `nixie web`
/// needs — `state`, `set`, `anti-poisoning`, `subscribe` — each sent with `"version": 2`, so a
/// clock that speaks only version 1 refuses them by name instead of guessing. Version 3 adds
/// what `nixie mqtt` needs — the state pushed on change, the display on or off, a face chosen,
/// night mode now, values for topic faces — sent with `"version": 3`; the versions before it
/// stay valid under it.
public enum ControlRequest: Hashable, Sendable {
  /// Show `value` (text or a number, as `nixie show` takes it) for `seconds` (nil: the clock's
  /// `show-seconds`); `groupDigits`, a number with a dark tube between groups of three digits
  /// (`nixie show --group-digits`).
  case show(value: String, seconds: Double?, transition: TransitionSpec.Kind?, groupDigits: Bool = false)
  /// Back to the clock at once.
  case clear
  /// Version 2: the clock's state — settings in force, the board's layout, what the tubes show.
  case state
  /// Version 2: change settings; they are checked, saved to the overrides file, then applied.
  case change(ClockSettingsChange)
  /// Version 2: run the anti-poisoning slot machine now, for `seconds` (nil: the configured
  /// short run's length, else 5).
  case antiPoisoning(seconds: Int?)
  /// Version 2: turn this connection into a stream of frames (one JSON line per change).
  case subscribe
  /// Version 3: turn this connection into a stream of states (the `state` answer, without what
  /// moves every second, as a JSON line whenever it changes).
  case subscribeState
  /// Version 3: the display on (the clock shows as usual) or off (every tube dark, nothing
  /// shown, until it is turned on again or the clock restarts).
  case display(on: Bool)
  /// Version 3: show only face number `face` of the rotation (0 is the first), or nil: the
  /// rotation again. Until changed, reloaded or restarted.
  case face(Int?)
  /// Version 3: night mode on or off now, whatever the hours say, until the configuration is
  /// reloaded; nil: the hours again.
  case night(Bool?)
  /// Version 3: the latest value of `topic` for the faces that show it.
  case faceValue(topic: String, value: String)
  /// Version 3: tube care's count — how long each cathode of every tube has glowed, as `nixie
  /// wear --json` prints it. Added after version 3 itself: a clock that predates it refuses it
  /// as an unknown key.
  case wear
  /// Version 3: snooze or stop the ringing alarm, or skip the next ring. Added after version 3
  /// itself, as `wear` was.
  case alarm(AlarmAction)
  /// Version 3: a countdown of `seconds` from now (up to `maximumCountdownSeconds`), shown on
  /// the tubes and rung at zero; 0 cancels the one running. Added after version 3, as `alarm`.
  case countdown(seconds: Int)
  /// Version 3: start, stop or reset the stopwatch. Added after version 3, as `alarm`.
  case stopwatch(StopwatchAction)

  /// The versions this clock speaks.
  public static let versions = 1...3
  /// The longest a value may stay (an hour).
  public static let maximumSeconds = 3600.0
  /// The longest countdown: a day.
  public static let maximumCountdownSeconds = 86_400
  /// The countdown `text` asks for (`DurationText`: `90s`, `9m`, `1h30m`; `0` cancels), or why
  /// it is none, naming `option`.
  public static func countdown(_ text: String, option: String) -> Result<ControlRequest, ControlRequestError>
  {
    guard let seconds = DurationText.seconds(text), seconds <= maximumCountdownSeconds else {
      return .failure(
        ControlRequestError(
          "\(option) must be a duration from 1s to 24h, such as 90s, 9m or 1h30m, or 0 to cancel, not "
            + Printable.quoted(text)))
    }
    return .success(.countdown(seconds: seconds))
  }

  /// The longest anti-poisoning run a request may ask for.
  public static let maximumRunSeconds = 60

  /// The request as one JSON line (without its newline): what `nixie send` and `nixie web` write.
  public var line: String {
    let v2 = ("version", "2")
    let v3 = ("version", "3")
    switch self {
    case .clear:
      return #"{"clear": true}"#
    case .show(let value, let seconds, let transition, let groupDigits):
      var fields = [("show", JSONText.quoted(value))]
      if let seconds { fields.append(("seconds", String(seconds))) }
      if let transition { fields.append(("transition", JSONText.quoted(transition.rawValue))) }
      // Only when asked for, so a line without it still suits a clock that predates it.
      if groupDigits { fields.append(("group-digits", "true")) }
      return JSONText.object(fields)
    case .state:
      return JSONText.object([v2, ("state", "true")])
    case .change(let change):
      return JSONText.object([v2, ("set", change.json)])
    case .antiPoisoning(let seconds):
      return JSONText.object([v2, ("anti-poisoning", seconds.map(String.init) ?? "true")])
    case .subscribe:
      return JSONText.object([v2, ("subscribe", JSONText.quoted("frames"))])
    case .subscribeState:
      return JSONText.object([v3, ("subscribe", JSONText.quoted("state"))])
    case .display(let on):
      return JSONText.object([v3, ("display", on ? "true" : "false")])
    case .face(let face):
      return JSONText.object([v3, ("face", face.map(String.init) ?? "null")])
    case .night(let night):
      return JSONText.object([v3, ("night", night.map { $0 ? "true" : "false" } ?? "null")])
    case .wear:
      return JSONText.object([v3, ("wear", "true")])
    case .alarm(let action):
      return JSONText.object([v3, ("alarm", JSONText.quoted(action.rawValue))])
    case .countdown(let seconds):
      return JSONText.object([v3, ("countdown", String(seconds))])
    case .stopwatch(let action):
      return JSONText.object([v3, ("stopwatch", JSONText.quoted(action.rawValue))])
    case .faceValue(let topic, let value):
      return JSONText.object([
        v3,
        (
          "face-value",
          JSONText.object([("topic", JSONText.quoted(topic)), ("value", JSONText.quoted(value))])
        ),
      ])
    }
  }

  /// What each member must be, for the error replies.
  static let expectation = [
    "show": "'show' must be text or a number",
    "seconds": "'seconds' must be a number above 0 and at most 3600",
    "transition": "'transition' must be one of "
      + TransitionSpec.Kind.allCases.map(\.rawValue).joined(separator: ", "),
    "group-digits": "'group-digits' must be true or false",
    "clear": "'clear' takes true and nothing else",
    "version": "'version' must be 1, 2 or 3 (the control protocol versions this clock speaks)",
    "state": "'state' takes true and nothing else but \"version\"",
    "anti-poisoning":
      "'anti-poisoning' takes true or a whole number of seconds from 1 to \(maximumRunSeconds)",
    "subscribe":
      "'subscribe' takes \"frames\" (or, in version 3, \"state\") and nothing else but \"version\"",
    "set": "'set' takes an object of settings and nothing else but \"version\"",
    "display": "'display' takes true (on) or false (off) and nothing else but \"version\"",
    "face":
      "'face' takes the number of a face of the rotation (0 is the first, at most \(ClockSettingsChange.maximumFaces - 1)) or null (the rotation) and nothing else but \"version\"",
    "night": "'night' takes true, false or null (the night's hours again) and nothing else but \"version\"",
    "wear": "'wear' takes true and nothing else but \"version\"",
    "alarm": "'alarm' takes \"snooze\", \"stop\" or \"skip-next\" and nothing else but \"version\"",
    "stopwatch": "'stopwatch' takes \"start\", \"stop\" or \"reset\" and nothing else but \"version\"",
    "countdown":
      "'countdown' takes a whole number of seconds from 1 to \(maximumCountdownSeconds), or 0 (cancel), and nothing else but \"version\"",
    "face-value":
      "'face-value' takes {\"topic\": TOPIC, \"value\": VALUE} (VALUE text or a number of at most 64 bytes) and nothing else but \"version\"",
  ]

  /// The keys of each version's requests. `group-digits`, a member of `show` added later,
  /// needs no new version: a clock that predates it refuses it as an unknown key.
  static let keysOfVersion1: Set = ["show", "seconds", "transition", "group-digits", "clear", "version"]
  static let keysOfVersion2: Set = ["state", "set", "anti-poisoning", "subscribe"]
  static let keysOfVersion3: Set = [
    "display", "face", "night", "face-value", "wear", "alarm", "countdown", "stopwatch",
  ]

  /// Parses one line (without its newline), or says what is wrong with it. Members are
  /// strictly typed: `true` is not a number, `"5"` is not seconds, an unknown key is an error.
  public static func parse(_ line: [UInt8]) -> Result<ControlRequest, ControlRequestError> {
    let value: JSONValue
    do {
      value = try JSONReader.read(line)
    } catch {
      return .failure(ControlRequestError("not JSON (\(error.message)): send one JSON object per line"))
    }
    guard case .object(let members) = value else {
      return .failure(
        ControlRequestError("expected a JSON object such as {\"show\": \"1234\", \"seconds\": 5}"))
    }
    let known = keysOfVersion1.union(keysOfVersion2).union(keysOfVersion3)
    if let unknown = members.map(\.key).sorted().first(where: { !known.contains($0) }) {
      return .failure(
        ControlRequestError(
          "unknown key '\(Printable.escaped(unknown))'; keys: " + known.sorted().joined(separator: ", ")))
    }
    func failure(_ key: String) -> Result<ControlRequest, ControlRequestError> {
      .failure(ControlRequestError(expectation[key] ?? key))
    }
    var version = 1
    if let given = value["version"] {
      guard let number = ClockSettingsChange.wholeNumber(given), versions.contains(number) else {
        return failure("version")
      }
      version = number
    }
    if let verb = members.map(\.key).first(where: keysOfVersion3.contains) {
      guard version >= 3 else {
        return .failure(
          ControlRequestError("'\(verb)' is control protocol version 3: send it with \"version\": 3"))
      }
      guard members.count == 2 else { return failure(verb) }
      return parseVerb(verb, value[verb] ?? .null)
    }
    if let verb = members.map(\.key).first(where: keysOfVersion2.contains) {
      guard version >= 2 else {
        return .failure(
          ControlRequestError("'\(verb)' is control protocol version 2: send it with \"version\": 2"))
      }
      guard members.count == 2 else { return failure(verb) }
      if verb == "subscribe", value[verb] == .string("state") {
        guard version >= 3 else {
          return .failure(
            ControlRequestError(
              "a subscription to the state is control protocol version 3: send it with \"version\": 3"))
        }
        return .success(.subscribeState)
      }
      return parseVerb(verb, value[verb] ?? .null)
    }
    if let clear = value["clear"] {
      guard clear == .bool(true), members.count == (value["version"] == nil ? 1 : 2) else {
        return failure("clear")
      }
      return .success(.clear)
    }
    return parseShow(value)
  }

  /// A version 1 `show`: the value (text or a number of at most 64 bytes), its seconds, its
  /// transition, whether its digits are grouped.
  private static func parseShow(_ value: JSONValue) -> Result<ControlRequest, ControlRequestError> {
    func failure(_ key: String) -> Result<ControlRequest, ControlRequestError> {
      .failure(ControlRequestError(expectation[key] ?? key))
    }
    let shown: String
    switch value["show"] {
    case .string(let text)?: shown = text
    case .number(let text)?: shown = text
    case nil: return .failure(ControlRequestError("missing 'show' (the value to show) or 'clear'"))
    default: return failure("show")
    }
    guard shown.utf8.count <= 64 else { return .failure(ControlRequestError("'show' is too long")) }
    var seconds: Double? = nil
    if let given = value["seconds"] {
      guard let number = given.double, number > 0, number <= maximumSeconds else { return failure("seconds") }
      seconds = number
    }
    var transition: TransitionSpec.Kind? = nil
    if let given = value["transition"] {
      guard case .string(let name) = given, let named = TransitionSpec.Kind(rawValue: name) else {
        return failure("transition")
      }
      transition = named
    }
    var groupDigits = false
    if let given = value["group-digits"] {
      guard case .bool(let flag) = given else { return failure("group-digits") }
      groupDigits = flag
    }
    return .success(.show(value: shown, seconds: seconds, transition: transition, groupDigits: groupDigits))
  }

  /// A version 2 or 3 request (its version checked): its verb and the verb's value.
  private static func parseVerb(_ verb: String, _ value: JSONValue) -> Result<
    ControlRequest, ControlRequestError
  > {
    let failure = Result<ControlRequest, ControlRequestError>.failure(
      ControlRequestError(expectation[verb] ?? verb))
    switch verb {
    case "state":
      return value == .bool(true) ? .success(.state) : failure
    case "subscribe":
      return value == .string("frames") || value == .bool(true) ? .success(.subscribe) : failure
    case "anti-poisoning":
      if value == .bool(true) { return .success(.antiPoisoning(seconds: nil)) }
      guard let seconds = ClockSettingsChange.wholeNumber(value), (1...maximumRunSeconds).contains(seconds)
      else {
        return failure
      }
      return .success(.antiPoisoning(seconds: seconds))
    case "set":
      return ClockSettingsChange.parse(value).map { .change($0) }
    case "display":
      guard case .bool(let on) = value else { return failure }
      return .success(.display(on: on))
    case "face":
      if value == .null { return .success(.face(nil)) }
      guard let index = ClockSettingsChange.wholeNumber(value),
        (0..<ClockSettingsChange.maximumFaces).contains(index)
      else { return failure }
      return .success(.face(index))
    case "night":
      if value == .null { return .success(.night(nil)) }
      guard case .bool(let on) = value else { return failure }
      return .success(.night(on))
    case "wear":
      return value == .bool(true) ? .success(.wear) : failure
    case "alarm":
      guard case .string(let name) = value, let action = AlarmAction(rawValue: name) else { return failure }
      return .success(.alarm(action))
    case "stopwatch":
      guard case .string(let name) = value, let action = StopwatchAction(rawValue: name) else {
        return failure
      }
      return .success(.stopwatch(action))
    case "countdown":
      guard let seconds = ClockSettingsChange.wholeNumber(value),
        (0...maximumCountdownSeconds).contains(seconds)
      else { return failure }
      return .success(.countdown(seconds: seconds))
    default:  // "face-value"
      guard case .object(let members) = value, members.count == 2, case .string(let topic)? = value["topic"]
      else { return failure }
      let shown: String
      switch value["value"] {
      case .string(let text)?: shown = text
      case .number(let text)?: shown = text
      default: return failure
      }
      guard shown.utf8.count <= 64 else { return failure }
      if let problem = TopicFace.problem(topic: topic) {
        return .failure(ControlRequestError("'face-value.topic': \(problem)"))
      }
      return .success(.faceValue(topic: topic, value: shown))
    }
  }
}
