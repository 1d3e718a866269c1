import NixieText

/// What the clock answers a control request, as the server writes it: `{"ok": true}`, with a
/// member of data for a version 2 request, or `{"error": "…"}`.
public enum ControlReply: Hashable, Sendable {
  /// `{"ok": true}`.
  case ok
  /// `{"ok": true, KEY: VALUE}`, the value already JSON text.
  case answer(key: String, json: String)
  /// `{"error": MESSAGE}`: the request was refused and changed nothing.
  case refused(String)
  /// `{"ok": true, "subscribed": "frames"}`, then the stream of frames on this connection.
  case subscribe
  /// `{"ok": true, "subscribed": "state"}`, then the stream of states on this connection.
  case subscribeState

  /// The reply line, newline included.
  public var line: String {
    switch self {
    case .ok: #"{"ok": true}"# + "\n"
    case .answer(let key, let json): JSONText.object([("ok", "true"), (key, json)]) + "\n"
    case .refused(let message): JSONText.object([("error", JSONText.quoted(message))]) + "\n"
    case .subscribe: #"{"ok": true, "subscribed": "frames"}"# + "\n"
    case .subscribeState: #"{"ok": true, "subscribed": "state"}"# + "\n"
    }
  }

  /// A refusal for load, the reply line: the request was fine, the clock is busy
  /// (`nixie send` exits 75 on it).
  public static func busy(_ message: String) -> String {
    JSONText.object([("error", JSONText.quoted(message)), ("busy", "true")]) + "\n"
  }
}
