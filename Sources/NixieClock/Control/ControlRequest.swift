import Foundation

/// One request on the control socket: a JSON object on one line, such as
/// `{"show": "1234", "seconds": 5, "transition": "slot"}` or `{"clear": true}`.
public enum ControlRequest: Hashable, Sendable {
  /// Show `value` (text or a number, as `nixie show` takes it) for `seconds`.
  case show(value: String, seconds: Double, transition: ClockTransition?)
  /// Back to the clock at once.
  case clear

  /// The longest a value may stay (an hour).
  public static let maximumSeconds = 3600.0
  public static let defaultSeconds = 5.0

  /// Parses one line (without its newline), or says what is wrong with it.
  public static func parse(_ line: [UInt8]) -> Result<ControlRequest, ControlRequestError> {
    let object: Any
    do {
      object = try JSONSerialization.jsonObject(with: Data(line), options: [])
    } catch {
      return .failure(ControlRequestError("not JSON: send one JSON object per line"))
    }
    guard let fields = object as? [String: Any] else {
      return .failure(ControlRequestError("expected a JSON object such as {\"show\": \"1234\", \"seconds\": 5}"))
    }
    let known = ["show", "seconds", "transition", "clear"]
    if let unknown = fields.keys.sorted().first(where: { !known.contains($0) }) {
      return .failure(ControlRequestError("unknown key '\(unknown)'; keys: \(known.joined(separator: ", "))"))
    }
    if let clear = fields["clear"] {
      guard clear as? Bool == true, fields.count == 1 else {
        return .failure(ControlRequestError("'clear' takes true and nothing else"))
      }
      return .success(.clear)
    }
    guard let show = fields["show"] else {
      return .failure(ControlRequestError("missing 'show' (the value to show) or 'clear'"))
    }
    let value: String
    if let text = show as? String {
      value = text
    } else if let number = show as? NSNumber, !(show is Bool) {
      value = number.stringValue
    } else {
      return .failure(ControlRequestError("'show' must be text or a number"))
    }
    guard value.utf8.count <= 64 else { return .failure(ControlRequestError("'show' is too long")) }
    var seconds = defaultSeconds
    if let given = fields["seconds"] {
      guard let number = given as? NSNumber, !(given is Bool), number.doubleValue.isFinite,
        number.doubleValue > 0, number.doubleValue <= maximumSeconds
      else {
        return .failure(ControlRequestError("'seconds' must be a number above 0 and at most 3600"))
      }
      seconds = number.doubleValue
    }
    var transition: ClockTransition? = nil
    if let given = fields["transition"] {
      guard let name = given as? String, let named = ClockTransition(rawValue: name) else {
        return .failure(
          ControlRequestError(
            "'transition' must be one of " + ClockTransition.allCases.map(\.rawValue).joined(separator: ", ")))
      }
      transition = named
    }
    return .success(.show(value: value, seconds: seconds, transition: transition))
  }
}

/// Why a control request was refused; its message goes back as `{"error": "…"}`.
public struct ControlRequestError: Error, Hashable, Sendable, CustomStringConvertible {
  public let message: String
  public init(_ message: String) { self.message = message }
  public var description: String { message }
}
