import NixieInput
import NixieSystem
import NixieText

/// `nixie select --events`: one JSON object per line on standard error for every change of
/// the selection, and one for how it ended.
///
/// ```
/// {"event": "changed", "index": 3, "value": "c", "cause": "turn", "t_ms": 150}
/// {"event": "confirmed", "index": 3, "value": "c", "t_ms": 385}
/// {"event": "cancelled", "reason": "long-press", "t_ms": 1105}
/// ```
/// `t_ms` is milliseconds since the selection started (script time 0 in a simulator run).
public struct SelectionEventLog {
  public let values: [String]
  public let origin: UInt64
  public let stream: FileStream

  public func line(for event: SpinnerEvent) -> String {
    var fields: [(String, String)]
    switch event {
    case .changed(let index, let cause, _):
      fields = [
        ("event", JSONText.quoted("changed")), ("index", String(index)),
        ("value", JSONText.quoted(values[index])),
        ("cause", JSONText.quoted(cause.rawValue)),
      ]
    case .confirmed(let index, _):
      fields = [
        ("event", JSONText.quoted("confirmed")), ("index", String(index)),
        ("value", JSONText.quoted(values[index])),
      ]
    case .cancelled(let reason, _):
      fields = [("event", JSONText.quoted("cancelled")), ("reason", JSONText.quoted(reason.rawValue))]
    }
    fields.append(("t_ms", Milliseconds.text(event.time >= origin ? event.time - origin : 0)))
    return JSONText.object(fields)
  }

  public func write(_ event: SpinnerEvent) {
    stream.write(line(for: event) + "\n")
    stream.flush()
  }
}
