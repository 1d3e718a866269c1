import NixieAlarms
import NixieClockSettings
import NixieControl
import NixieText

extension ClockStateReport {
  /// `alarm`: `{"bell": "snoozed", "alarm": 1, "snoozed_until": "2026-12-07T06:09:00Z",
  /// "next": "2026-12-08T06:00:00Z", "next_alarm": 1}`; alarms are numbered from 1, as
  /// nixie.yaml lists them; `next` is null when no alarm is set to ring.
  static func json(_ report: AlarmsReport?) -> String {
    let report = report ?? AlarmsReport()
    func instant(_ seconds: Int64?) -> String {
      seconds.map { JSONText.quoted(RFC3339.seconds(fromUnixNanoseconds: $0 &* 1_000_000_000)) } ?? "null"
    }
    return JSONText.object([
      ("bell", JSONText.quoted(report.bell.rawValue)),
      ("alarm", report.alarm.map { String($0 + 1) } ?? "null"),
      ("snoozed_until", instant(report.snoozedUntil)),
      ("next", instant(report.next?.instant)),
      ("next_alarm", report.next.map { String($0.alarm + 1) } ?? "null"),
      ("timer", report.timer ? "true" : "false"),
    ])
  }

  /// `countdown`: `{"ends": "2026-12-07T06:30:00Z"}` while one runs (its ring included), else
  /// `null`.
  static func json(countdownEnd end: Int64?) -> String {
    guard let end else { return "null" }
    return JSONText.object([("ends", JSONText.quoted(RFC3339.seconds(fromUnixNanoseconds: end)))])
  }

  /// The settings' `alarms`: each as nixie.yaml has it, `{"at": "07:00", "days": ["mon", "tue"],
  /// "tune": "beeps", "snooze_s": 540, "ring_for_s": 600, "enabled": true}`.
  static func json(alarms: [ClockConfiguration.AlarmEntry]) -> String {
    JSONText.array(json: alarms.map { ClockSettingsChange.json(alarm: $0.alarm) })
  }
}
