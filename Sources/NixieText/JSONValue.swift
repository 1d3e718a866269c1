/// A JSON value as read by `JSONReader`: what the control protocol's requests and replies are
/// made of. A number keeps the text it was written with, so `1.50` stays `1.50`.
public enum JSONValue: Hashable, Sendable {
  case null
  case bool(Bool)
  /// The number's text as written (RFC 8259 grammar), e.g. `-1.5e3`.
  case number(String)
  case string(String)
  case array([JSONValue])
  /// Members in the order written; keys are unique (the reader refuses duplicates).
  case object([(key: String, value: JSONValue)])

  public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
    switch (lhs, rhs) {
    case (.null, .null): true
    case (.bool(let a), .bool(let b)): a == b
    case (.number(let a), .number(let b)): a == b
    case (.string(let a), .string(let b)): a == b
    case (.array(let a), .array(let b)): a == b
    case (.object(let a), .object(let b)): a.map(\.key) == b.map(\.key) && a.map(\.value) == b.map(\.value)
    default: false
    }
  }

  public func hash(into hasher: inout Hasher) {
    switch self {
    case .null: hasher.combine(0)
    case .bool(let value): hasher.combine(value)
    case .number(let text): hasher.combine(text)
    case .string(let text): hasher.combine(text)
    case .array(let values): hasher.combine(values)
    case .object(let members):
      for member in members {
        hasher.combine(member.key)
        hasher.combine(member.value)
      }
    }
  }

  /// The member `key` of an object, nil otherwise.
  public subscript(key: String) -> JSONValue? {
    guard case .object(let members) = self else { return nil }
    return members.first { $0.key == key }?.value
  }

  /// The number as a Double, when it is a number whose value is finite.
  public var double: Double? {
    guard case .number(let text) = self, let value = Double(text), value.isFinite else { return nil }
    return value
  }

  /// This value written as JSON text (numbers as they were read).
  public var text: String {
    switch self {
    case .null: "null"
    case .bool(let value): value ? "true" : "false"
    case .number(let text): text
    case .string(let text): JSONText.quoted(text)
    case .array(let values): JSONText.array(json: values.map(\.text))
    case .object(let members): JSONText.object(members.map { ($0.key, $0.value.text) })
    }
  }
}
