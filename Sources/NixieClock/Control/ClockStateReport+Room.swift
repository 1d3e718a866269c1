import NixieRoom
import NixieText

extension ClockStateReport {
  /// `light`: `{"sensor": "tsl2563 (iio:device0)", "lux": 212, "brightness": 57, "source":
  /// "sensor", "fault": null}`, or `null` without `brightness: auto`.
  static func json(_ light: RoomReport.Light?) -> String {
    guard let light else { return "null" }
    return JSONText.object([
      ("sensor", light.sensor.map(JSONText.quoted) ?? "null"),
      ("lux", light.lux.map(LuxText.text) ?? "null"),
      ("brightness", String(light.percent)),
      ("source", JSONText.quoted(light.source.rawValue)),
      ("fault", light.fault.map(JSONText.quoted) ?? "null"),
    ])
  }

  /// `presence`: `{"present": true, "last_seen": "2026-03-01T12:34:56.000000Z",
  /// "off_after_s": 600}`, or `null` without `presence` (or while its line is not read).
  static func json(_ presence: RoomReport.Presence?) -> String {
    guard let presence else { return "null" }
    return JSONText.object([
      ("present", presence.present ? "true" : "false"),
      ("last_seen", JSONText.quoted(RFC3339.string(fromUnixNanoseconds: presence.lastSeen))),
      ("off_after_s", String(presence.offAfterSeconds)),
    ])
  }
}
