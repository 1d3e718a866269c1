import NixieAlarms
import NixieControl
import NixieTime
import Testing

/// `set.alarms` on the control socket: the same objects the state's `settings.alarms` lists,
/// read back from their own line, nixie.yaml's defaults for what is left out, and every
/// mistake refused naming the alarm (counted from 1) and the member.
struct AlarmSettingsChangeTests {
  static func change(_ alarms: [Alarm]) -> ControlRequest {
    .change(ControlLines.change { $0.alarms = .set(alarms) })
  }

  static let weekdays = Weekdays(bits: 0b0111110)

  /// Properties, not literals in `@Test(arguments:)`: closures there crash Swift 6.0.3's compiler.
  static let requests: [ControlRequest] = [
    change([]),
    change([Alarm(time: TimeOfDay(secondOfDay: 6 * 3600 + 30 * 60), days: weekdays)]),
    change([
      Alarm(time: TimeOfDay(secondOfDay: 7 * 3600)),
      Alarm(
        time: TimeOfDay(secondOfDay: 23 * 3600 + 59 * 60), days: Weekdays(bits: 1),
        tune: "tune:d=8,o=5,b=160:c,\"",
        snoozeSeconds: 1, ringForSeconds: 10_800, enabled: false),
    ]),
    .change(ControlLines.change { $0.alarms = .reset }),
  ]

  @Test(arguments: requests)
  func aSetOfAlarmsParsesBackFromItsLine(_ request: ControlRequest) throws {
    #expect(try ControlLines.parse(request.line).get() == request)
  }

  /// What a client may leave out or shorten, and what it reads as.
  static let shortLines: [(String, ControlRequest)] = [
    (
      #"{"version": 2, "set": {"alarms": [{"at": "07:00"}]}}"#,
      change([Alarm(time: TimeOfDay(secondOfDay: 7 * 3600))])
    ),
    (
      #"{"version": 2, "set": {"alarms": [{"at": "06:30", "days": "weekdays"}]}}"#,
      change([Alarm(time: TimeOfDay(secondOfDay: 6 * 3600 + 30 * 60), days: weekdays)])
    ),
    (
      #"{"version": 2, "set": {"alarms": [{"at": "06:30", "days": ["Sat", "weekdays"]}]}}"#,
      change([Alarm(time: TimeOfDay(secondOfDay: 6 * 3600 + 30 * 60), days: Weekdays(bits: 0b1111110))])
    ),
  ]

  @Test(arguments: shortLines)
  func leftOutMembersTakeNixieYAMLsDefaults(_ line: String, _ expected: ControlRequest) throws {
    #expect(try ControlLines.parse(line).get() == expected)
  }

  /// The state's object for an alarm is the one `set` takes.
  @Test func theStatesObjectIsTheOneSetTakes() throws {
    let alarm = Alarm(
      time: TimeOfDay(secondOfDay: 6 * 3600), days: Self.weekdays, tune: "chime", snoozeSeconds: 60)
    let line = #"{"version": 2, "set": {"alarms": ["# + ClockSettingsChange.json(alarm: alarm) + "]}}"
    #expect(try ControlLines.parse(line).get() == Self.change([alarm]))
  }

  @Test(arguments: [
    (#"{"alarms": {"at": "07:00"}}"#, "'set.alarms' must be a list of at most 20 alarms"),
    (#"{"alarms": [1]}"#, "'set.alarms' alarm 1: must be an object"),
    (#"{"alarms": [{"at": "07:00"}, {"days": ["mon"]}]}"#, "alarm 2: 'at' must be a local time HH:MM"),
    (#"{"alarms": [{"at": "7"}]}"#, "alarm 1: 'at' must be a local time HH:MM"),
    (#"{"alarms": [{"at": "24:00"}]}"#, "'at' must be a local time"),
    (#"{"alarms": [{"at": "07:00", "days": []}]}"#, "alarm 1: 'days' must be a list of days"),
    (#"{"alarms": [{"at": "07:00", "days": ["mon", "someday"]}]}"#, "'days' must be a list of days"),
    (#"{"alarms": [{"at": "07:00", "days": [1]}]}"#, "'days'"),
    (#"{"alarms": [{"at": "07:00", "tune": ""}]}"#, "alarm 1: 'tune' must be a built-in tune's name"),
    (#"{"alarms": [{"at": "07:00", "tune": "a\u001b[2J"}]}"#, "'tune'"),
    (
      #"{"alarms": [{"at": "07:00", "snooze_s": 0}]}"#,
      "'snooze_s' must be a whole number of seconds from 1 to 3600"
    ),
    (#"{"alarms": [{"at": "07:00", "snooze_s": 9.5}]}"#, "'snooze_s'"),
    (
      #"{"alarms": [{"at": "07:00", "ring_for_s": 9}]}"#,
      "'ring_for_s' must be a whole number of seconds from 10 to 10800"
    ),
    (#"{"alarms": [{"at": "07:00", "enabled": "yes"}]}"#, "alarm 1: 'enabled' must be true or false"),
    (
      #"{"alarms": [{"at": "07:00", "snooze": "9m"}]}"#, "alarm 1: unknown member 'snooze'; members: at, days"
    ),
  ])
  func aMistakeIsRefusedNamingTheAlarmAndTheMember(_ settings: String, _ expected: String) {
    switch ControlLines.parse(#"{"version": 2, "set": "# + settings + "}") {
    case .success(let request): Issue.record("accepted \(request)")
    case .failure(let error): #expect(error.message.contains(expected), "\(error.message)")
    }
  }

  @Test func moreThanTwentyAlarmsAreRefused() {
    let alarms = Array(repeating: #"{"at": "07:00"}"#, count: 21).joined(separator: ", ")
    switch ControlLines.parse(#"{"version": 2, "set": {"alarms": ["# + alarms + "]}}") {
    case .success: Issue.record("accepted")
    case .failure(let error): #expect(error.message.contains("at most 20 alarms"), "\(error.message)")
    }
  }
}
