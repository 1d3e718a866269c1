import NixieDisplay
import NixieText

/// A face that shows a value from the house instead of the time: the latest value handed to the
/// clock for `topic` (by `nixie mqtt`, which subscribes to the topic on the broker), rounded to
/// `decimals`, for as long as it is fresh. A value older than `staleSeconds`, or none yet, and
/// the face is skipped: the face before it in the rotation shows through its turn.
///
/// The clock itself never talks MQTT: the topic is only a name both sides agree on.
public struct TopicFace: Hashable, Sendable {
  /// The MQTT topic, as `nixie mqtt` subscribes to it (no wildcards).
  public var topic: String
  /// Round a number to this many places (`nixie show --decimals`); nil: as it came.
  public var decimals: Int?
  /// After this long without a new value the face is skipped.
  public var staleSeconds: Int
  /// A number with a dark tube between groups of three digits (`12 345`), as `nixie show
  /// --group-digits` lays it out.
  public var groupDigits: Bool

  public init(
    topic: String, decimals: Int? = nil, staleSeconds: Int = TopicFace.defaultStaleSeconds,
    groupDigits: Bool = false
  ) {
    self.topic = topic
    self.decimals = decimals
    self.staleSeconds = staleSeconds
    self.groupDigits = groupDigits
  }

  /// Half an hour.
  public static let defaultStaleSeconds = 1800
  /// From a second to a week.
  public static let staleSecondsRange = 1...604_800
  /// How many decimals a face may round to.
  public static let decimalsRange = 0...FormatOptions.maximumDecimals
  /// The longest topic, in UTF-8 bytes.
  public static let maximumTopicBytes = 128

  /// How the value is laid out: strictly, as `nixie send` shows it, rounded to `decimals`, its
  /// digits grouped when asked.
  public var formatOptions: FormatOptions { FormatOptions(decimals: decimals, groupDigits: groupDigits) }

  /// Why `topic` cannot name a face, or nil: empty, too long, a wildcard (`+`, `#`), a
  /// character that must not be printed raw, or a system topic (`$SYS/…`).
  public static func problem(topic: String) -> String? {
    if topic.isEmpty { return "a topic must not be empty" }
    if topic.utf8.count > maximumTopicBytes { return "a topic may have at most \(maximumTopicBytes) bytes" }
    if topic.contains("+") || topic.contains("#") {
      return "a face's topic names one topic: no wildcards (+, #)"
    }
    if topic.hasPrefix("$") { return "a face's topic must not start with $" }
    if topic.unicodeScalars.contains(where: Printable.needsEscape) {
      return "a topic must not hold control characters"
    }
    return nil
  }

  /// The face as a JSON object, as the `state` answer and a `set` request write it:
  /// `{"topic": T, "seconds": S, "decimals": D, "stale_seconds": N, "group_digits": true}`
  /// (`decimals` only when set, `group_digits` only when true).
  public func json(seconds: Int) -> String {
    var members = [("topic", JSONText.quoted(topic)), ("seconds", String(seconds))]
    if let decimals { members.append(("decimals", String(decimals))) }
    members.append(("stale_seconds", String(staleSeconds)))
    if groupDigits { members.append(("group_digits", "true")) }
    return JSONText.object(members)
  }
}
