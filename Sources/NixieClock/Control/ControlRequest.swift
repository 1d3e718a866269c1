import Foundation
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
      return "{" + fields.map { "\(JSONText.quoted($0.0)): \($0.1)" }.joined(separator: ", ") + "}"
    }
  }

  /// Parses one line (without its newline), or says what is wrong with it.
  public static func parse(_ line: [UInt8]) -> Result<ControlRequest, ControlRequestError> {
    let fields: Fields
    do {
      fields = try JSONDecoder().decode(Fields.self, from: Data(line))
    } catch let error as ControlRequestError {
      return .failure(error)
    } catch DecodingError.typeMismatch(_, let context) where context.codingPath.isEmpty {
      return .failure(
        ControlRequestError("expected a JSON object such as {\"show\": \"1234\", \"seconds\": 5}"))
    } catch DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context) {
      let key = context.codingPath.first?.stringValue ?? "?"
      return .failure(ControlRequestError(Fields.expectation[key] ?? "'\(key)' has the wrong type"))
    } catch {
      return .failure(ControlRequestError("not JSON: send one JSON object per line"))
    }
    if let clear = fields.clear {
      guard clear, fields.show == nil, fields.seconds == nil, fields.transition == nil else {
        return .failure(ControlRequestError("'clear' takes true and nothing else"))
      }
      return .success(.clear)
    }
    guard let value = fields.show else {
      return .failure(ControlRequestError("missing 'show' (the value to show) or 'clear'"))
    }
    guard value.utf8.count <= 64 else { return .failure(ControlRequestError("'show' is too long")) }
    let seconds = fields.seconds ?? defaultSeconds
    guard seconds.isFinite, seconds > 0, seconds <= maximumSeconds else {
      return .failure(ControlRequestError(Fields.expectation["seconds"]!))
    }
    var transition: TransitionSpec.Kind? = nil
    if let name = fields.transition {
      guard let named = TransitionSpec.Kind(rawValue: name) else {
        return .failure(ControlRequestError(Fields.expectation["transition"]!))
      }
      transition = named
    }
    return .success(.show(value: value, seconds: seconds, transition: transition))
  }

  /// The request's members, strictly typed: a JSON `true` is not a number, `"5"` is not
  /// seconds, and an unknown key is an error.
  private struct Fields: Decodable {
    var show: String?
    var seconds: Double?
    var transition: String?
    var clear: Bool?

    static let expectation = [
      "show": "'show' must be text or a number",
      "seconds": "'seconds' must be a number above 0 and at most 3600",
      "transition": "'transition' must be one of "
        + TransitionSpec.Kind.allCases.map(\.rawValue).joined(separator: ", "),
      "clear": "'clear' takes true and nothing else",
    ]

    struct Key: CodingKey {
      var stringValue: String
      var intValue: Int? { nil }
      init(stringValue: String) { self.stringValue = stringValue }
      init?(intValue: Int) { nil }
    }

    init(from decoder: Decoder) throws {
      let container = try decoder.container(keyedBy: Key.self)
      if let unknown = container.allKeys.map(\.stringValue).sorted().first(where: {
        Self.expectation[$0] == nil
      }) {
        throw ControlRequestError(
          "unknown key '\(unknown)'; keys: " + Self.expectation.keys.sorted().joined(separator: ", "))
      }
      let showKey = Key(stringValue: "show")
      if container.contains(showKey) {
        if let text = try? container.decode(String.self, forKey: showKey) {
          show = text
        } else if let number = try? container.decode(Double.self, forKey: showKey), !container.isBool(showKey)
        {
          show = Self.text(of: number)
        } else {
          throw ControlRequestError(Self.expectation["show"]!)
        }
      }
      seconds = try container.decodeIfPresent(Double.self, forKey: Key(stringValue: "seconds"))
      if container.isBool(Key(stringValue: "seconds")) {
        throw ControlRequestError(Self.expectation["seconds"]!)
      }
      transition = try container.decodeIfPresent(String.self, forKey: Key(stringValue: "transition"))
      clear = try container.decodeIfPresent(Bool.self, forKey: Key(stringValue: "clear"))
    }

    /// `42` for a whole number, else the shortest text of the double.
    static func text(of number: Double) -> String {
      number == number.rounded() && abs(number) < 1e15 ? String(Int64(number)) : String(number)
    }
  }
}

extension KeyedDecodingContainer {
  /// Whether the value at `key` is a JSON boolean (which a Double decode would also accept).
  fileprivate func isBool(_ key: Key) -> Bool {
    (try? decode(Bool.self, forKey: key)) != nil && (try? decode(Int.self, forKey: key)) == nil
  }
}
