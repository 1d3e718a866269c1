import NixieCore

/// One request on the control socket: a JSON object on one line, such as
/// `{"show": "1234", "seconds": 5, "transition": "slot"}` or `{"clear": true}`.
public enum ControlRequest: Hashable, Sendable {
  /// Show `value` (text or a number, as `nixie show` takes it) for `seconds`.
  case show(value: String, seconds: Double, transition: TransitionSpec.Kind?)
  /// Back to the clock at once.
  case clear

  /// The longest a value may stay (an hour).
  public static let maximumSeconds = 3600.0
  public static let defaultSeconds = 5.0

  /// The request as one JSON line (without its newline): what `nixie send` writes.
  public var line: String {
    switch self {
    case .clear:
      return #"{"clear": true}"#
    case .show(let value, let seconds, let transition):
      var fields = [("show", JSONText.quoted(value)), ("seconds", String(seconds))]
      if let transition { fields.append(("transition", JSONText.quoted(transition.rawValue))) }
      return JSONText.object(fields)
    }
  }

  /// What each member must be, for the error replies.
  static let expectation = [
    "show": "'show' must be text or a number",
    "seconds": "'seconds' must be a number above 0 and at most 3600",
    "transition": "'transition' must be one of "
      + TransitionSpec.Kind.allCases.map(\.rawValue).joined(separator: ", "),
    "clear": "'clear' takes true and nothing else",
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
    if let unknown = members.map(\.key).sorted().first(where: { expectation[$0] == nil }) {
      return .failure(
        ControlRequestError(
          "unknown key '\(Printable.escaped(unknown))'; keys: "
            + expectation.keys.sorted().joined(separator: ", ")))
    }
    func failure(_ key: String) -> Result<ControlRequest, ControlRequestError> {
      .failure(ControlRequestError(expectation[key] ?? key))
    }
    if let clear = value["clear"] {
      guard clear == .bool(true), members.count == 1 else { return failure("clear") }
      return .success(.clear)
    }
    let shown: String
    switch value["show"] {
    case .string(let text)?: shown = text
    case .number(let text)?: shown = text
    case nil: return .failure(ControlRequestError("missing 'show' (the value to show) or 'clear'"))
    default: return failure("show")
    }
    guard shown.utf8.count <= 64 else { return .failure(ControlRequestError("'show' is too long")) }
    var seconds = defaultSeconds
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
    return .success(.show(value: shown, seconds: seconds, transition: transition))
  }
}
