import NixieAlarms
import NixieControl
import NixieTime
import Testing

@testable import NixieMQTT

/// Payloads on the command topics: what each asks of the clock, and what is refused (with
/// the reason the warning gives).
struct BridgeCommandTests {
  static var state: ClockState {
    var state = ClockState()
    state.faces = [.pattern("HH:mm:ss"), .topic("home/outdoor/temperature")]
    state.alarms = alarms
    return state
  }

  /// The clock's two alarms: weekdays at 06:30, Sundays at 09:00:30 (off, a tune of its own).
  static let alarms = [
    Alarm(time: TimeOfDay(secondOfDay: 6 * 3600 + 1800), days: Weekdays(bits: 0b0111110)),
    Alarm(
      time: TimeOfDay(secondOfDay: 9 * 3600 + 30), days: Weekdays(bits: 1), tune: "chime", snoozeSeconds: 60,
      enabled: false),
  ]

  /// The clock's alarms with alarm `number` (1 is the first) changed by `edit`.
  static func alarms(_ number: Int, _ edit: (inout Alarm) -> Void) -> ControlRequest {
    var alarms = Self.alarms
    edit(&alarms[number - 1])
    let changed = alarms
    return change { $0.alarms = .set(changed) }
  }

  static func change(_ edit: (inout ClockSettingsChange) -> Void) -> ControlRequest {
    var change = ClockSettingsChange()
    edit(&change)
    return .change(change)
  }

  static let accepted: [(String, String, ControlRequest)] = [
    ("display", "ON", .display(on: true)),
    ("display", "OFF", .display(on: false)),
    ("night", "ON", .night(true)),
    ("night", "OFF", .night(false)),
    ("brightness", "40", change { $0.brightness = .set(40) }),
    ("brightness", "100.0", change { $0.brightness = .set(100) }),
    ("brightness", " 1 ", change { $0.brightness = .set(1) }),
    ("show-seconds", "30", change { $0.showSeconds = .set(30) }),
    ("fade-ms", "0", change { $0.fadeMilliseconds = .set(0) }),
    ("show", "12:34", .show(value: "12:34", seconds: nil, transition: nil)),
    ("show", "", .clear),
    ("face", "All faces in turn", .face(nil)),
    ("face", "Time HH:mm:ss", .face(0)),
    ("face", "Value of home/outdoor/temperature", .face(1)),
    // The names nixie 0.3.0 gave the options, which automations may still send.
    ("face", "rotation", .face(nil)),
    ("face", "HH:mm:ss", .face(0)),
    ("face", "home/outdoor/temperature", .face(1)),
    ("brightness", "00040", change { $0.brightness = .set(40) }),
    ("fade-ms", "60000.000", change { $0.fadeMilliseconds = .set(60000) }),
    ("alarm-snooze", "PRESS", .alarm(.snooze)),
    ("alarm-stop", "PRESS", .alarm(.stop)),
    ("alarm-skip-next", "PRESS", .alarm(.skipNext)),
    ("countdown", "9", .countdown(seconds: 540)),
    ("countdown", "0", .countdown(seconds: 0)),
    ("countdown", "1440.0", .countdown(seconds: 86_400)),
    // An alarm's switch and time send the whole list back with that one changed.
    ("alarm-1", "OFF", alarms(1) { $0.enabled = false }),
    ("alarm-2", "ON", alarms(2) { $0.enabled = true }),
    ("alarm-2-time", "07:45", alarms(2) { $0.time = TimeOfDay(secondOfDay: 7 * 3600 + 45 * 60) }),
    ("alarm-1-time", "00:00", alarms(1) { $0.time = TimeOfDay(secondOfDay: 0) }),
  ]

  @Test(arguments: accepted)
  func aCommandBecomesItsRequest(_ name: String, _ payload: String, _ expected: ControlRequest) throws {
    let request = try BridgeCommand.request(name: name, payload: Array(payload.utf8), state: Self.state).get()
    #expect(request == expected)
  }

  /// `group-digits: true` in mqtt.yaml: the text entity's values are shown grouped.
  @Test func theTextEntityGroupsDigitsWhenTheSettingsSaySo() throws {
    let request = try BridgeCommand.request(
      name: "show", payload: Array("12345".utf8), state: Self.state, groupDigits: true
    ).get()
    #expect(request == .show(value: "12345", seconds: nil, transition: nil, groupDigits: true))
    #expect(request.line == #"{"show": "12345", "group-digits": true}"#)
  }

  static let refused: [(String, [UInt8], String)] = [
    ("display", Array("on".utf8), "expected ON or OFF, not 'on'"),
    ("night", Array("TRUE".utf8), "expected ON or OFF"),
    (
      "brightness", Array("0".utf8),
      "expected a whole number of a brightness in percent from 1 to 100, not '0'"
    ),
    ("brightness", Array("101".utf8), "from 1 to 100"),
    ("brightness", Array("40.5".utf8), "not '40.5'"),
    ("brightness", Array("1e2".utf8), "not '1e2'"),
    ("brightness", Array("0x28".utf8), "not '0x28'"),
    ("brightness", Array("nan".utf8), "not 'nan'"),
    ("show-seconds", Array("3601".utf8), "from 1 to 3600"),
    ("fade-ms", Array("-1".utf8), "from 0 to 60000"),
    (
      "face", Array("HH:mm".utf8),
      "'HH:mm' is not one of the faces: All faces in turn, Time HH:mm:ss, Value of home/outdoor/temperature"
    ),
    // Every byte is part of the number, or the payload is refused: a NUL ended a number
    // (`12\0` was 12, `55\0; rm -rf /` 55).
    ("brightness", Array("12\0".utf8), #"not '12\u{00}'"#),
    ("brightness", Array("55\0; rm -rf /".utf8), #"not '55\u{00}; rm -rf /'"#),
    ("fade-ms", Array("12\0".utf8), "from 0 to 60000"),
    ("show-seconds", Array("12\0".utf8), "from 1 to 3600"),
    ("brightness", Array("40 40".utf8), "not '40 40'"),
    ("brightness", Array("4\u{7}0".utf8), #"not '4\u{07}0'"#),
    ("brightness", Array("40.".utf8) + [0], "from 1 to 100"),
    ("brightness", Array("+40".utf8), "not '+40'"),
    ("brightness", Array("1234567890".utf8), "from 1 to 100"),
    ("brightness", Array("-".utf8), "from 1 to 100"),
    ("brightness", Array(".0".utf8), "from 1 to 100"),
    ("face", Array(repeating: 0x41, count: 200), "…' (200 characters) is not one of the faces"),
    ("show", Array(repeating: 0x31, count: 65), "at most 64 bytes"),
    ("display", [0xFF, 0xFE], "not UTF-8 text"),
    ("volume", Array("11".utf8), "this clock has no command 'volume'"),
    ("alarm-stop", Array("press".utf8), "a button sends PRESS, not 'press'"),
    ("countdown", Array("1441".utf8), "expected a whole number of minutes from 0 to 1440, not '1441'"),
    ("countdown", Array("2.5".utf8), "not '2.5'"),
    ("alarm-3", Array("ON".utf8), "this clock has 2 alarms, not an alarm 3"),
    ("alarm-3-time", Array("07:00".utf8), "this clock has 2 alarms, not an alarm 3"),
    ("alarm-21", Array("ON".utf8), "this clock has no command 'alarm-21'"),
    ("alarm-0", Array("ON".utf8), "this clock has no command 'alarm-0'"),
    ("alarm-1-tune", Array("chime".utf8), "this clock has no command 'alarm-1-tune'"),
    ("alarm-1", Array("on".utf8), "expected ON or OFF, not 'on'"),
    ("alarm-1-time", Array("7:45".utf8), "an alarm's time is HH:MM, not '7:45'"),
    ("alarm-1-time", Array("24:00".utf8), "an alarm's time is HH:MM, not '24:00'"),
    ("alarm-1-time", Array("07:45:10".utf8), "an alarm's time is HH:MM, not '07:45:10'"),
    ("alarm-1-time", Array("07:4\u{1B}".utf8), #"not '07:4\u{1B}'"#),
    ("display", Array("\u{1B}[2J".utf8), "not '\\u{1B}[2J'"),
    // FuzzBridgeCommand's finding: 61 NULs quoted escaped to 366 letters; the quote is now cut
    // by what it prints, so the refusal stays a short line.
    ("show-seconds", [0x00] + Array(repeating: 0x00, count: 60) + Array("#3\t".utf8), "…' (64 characters)"),
  ]

  @Test(arguments: refused)
  func aMalformedCommandIsRefusedWithItsReason(_ name: String, _ payload: [UInt8], _ expected: String) {
    switch BridgeCommand.request(name: name, payload: payload, state: Self.state) {
    case .success(let request): Issue.record("accepted as \(request)")
    case .failure(let error):
      #expect(error.message.contains(expected), "\(error.message)")
      #expect(error.message.count < 200, "\(error.message)")
    }
  }
}
