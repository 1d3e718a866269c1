import NixieControl
import Testing

/// Version 3 of the control protocol (`nixie mqtt`'s requests): each request parses back from
/// its own line, needs `"version": 3`, and every malformed one is refused with a message naming
/// what is wrong; `set` takes the fade's length, the shown value's seconds and topic faces; a
/// `show` without seconds leaves them to the clock.
struct ControlProtocolVersion3Tests {
  static let version3Requests: [ControlRequest] = [
    ControlRequest.subscribeState, .display(on: false), .display(on: true), .face(0), .face(7), .face(nil),
    .night(true), .night(false), .night(nil), .faceValue(topic: "home/outdoor/temperature", value: "21.5"),
    .faceValue(topic: "solar/power", value: "say \"hi\""), .wear, .alarm(.snooze), .alarm(.stop),
    .alarm(.skipNext), .countdown(seconds: 0), .countdown(seconds: 540), .countdown(seconds: 86_400),
    .stopwatch(.start), .stopwatch(.stop), .stopwatch(.reset),
  ]

  @Test(arguments: version3Requests)
  func aVersion3RequestParsesBackFromItsLine(_ request: ControlRequest) throws {
    #expect(try ControlLines.parse(request.line).get() == request)
    #expect(request.line.contains(#""version": 3"#))
  }

  /// The settings `set` gained for `nixie mqtt`, written and read back.
  static let newSettings: [ClockSettingsChange] = [
    ControlLines.change { $0.fadeMilliseconds = .set(0) },
    ControlLines.change { $0.fadeMilliseconds = .set(60_000) },
    ControlLines.change { $0.showSeconds = .set(1) }, ControlLines.change { $0.showSeconds = .set(3600) },
    ControlLines.change {
      $0.fadeMilliseconds = .reset; $0.showSeconds = .reset
    },
    ControlLines.change {
      $0.faces = .set([
        .init(format: "HH:mm", seconds: 55),
        .init(
          topic: TopicFace(topic: "home/outdoor/temperature", decimals: 1, staleSeconds: 600), seconds: 5),
        .init(topic: TopicFace(topic: "solar/power"), seconds: 10),
        .init(topic: TopicFace(topic: "solar/energy", groupDigits: true), seconds: 5),
      ])
    },
  ]

  @Test(arguments: newSettings)
  func theNewSettingsParseBackFromTheirLine(_ change: ClockSettingsChange) throws {
    let request = ControlRequest.change(change)
    #expect(try ControlLines.parse(request.line).get() == request)
  }

  @Test func aTopicFaceWithoutItsOptionsGetsTheDefaults() throws {
    let request = try ControlLines.parse(#"{"version": 2, "set": {"faces": ["HH:mm", {"topic": "a/b"}]}}"#)
      .get()
    let expected = ControlRequest.change(
      ControlLines.change {
        $0.faces = .set([
          .init(format: "HH:mm", seconds: 50), .init(topic: TopicFace(topic: "a/b"), seconds: 10),
        ])
      })
    #expect(request == expected)
    #expect(TopicFace(topic: "a/b").staleSeconds == 1800)
  }

  @Test func aShowWithoutSecondsLeavesThemToTheClock() throws {
    let request = ControlRequest.show(value: "42", seconds: nil, transition: nil)
    #expect(request.line == #"{"show": "42"}"#)
    #expect(try ControlLines.parse(#"{"show": "42"}"#).get() == request)
  }

  @Test(arguments: [
    (#"{"display": true}"#, "'display' is control protocol version 3: send it with \"version\": 3"),
    (#"{"version": 2, "face": 1}"#, "version 3"),
    (#"{"version": 2, "night": true}"#, "version 3"),
    (#"{"wear": true}"#, "'wear' is control protocol version 3: send it with \"version\": 3"),
    (#"{"version": 3, "wear": 1}"#, "'wear' takes true and nothing else but \"version\""),
    (#"{"version": 3, "wear": true, "state": true}"#, "'wear' takes true"),
    (#"{"alarm": "stop"}"#, "'alarm' is control protocol version 3: send it with \"version\": 3"),
    (#"{"version": 3, "alarm": "doze"}"#, "'alarm' takes \"snooze\", \"stop\" or \"skip-next\""),
    (#"{"version": 3, "alarm": true}"#, "'alarm' takes \"snooze\""),
    (
      #"{"version": 3, "countdown": 86401}"#,
      "'countdown' takes a whole number of seconds from 1 to 86400, or 0"
    ),
    (#"{"version": 3, "countdown": -1}"#, "'countdown' takes a whole number"),
    (#"{"version": 3, "countdown": "9m"}"#, "'countdown' takes a whole number"),
    (#"{"countdown": 60}"#, "'countdown' is control protocol version 3"),
    (#"{"version": 3, "stopwatch": "lap"}"#, "'stopwatch' takes \"start\", \"stop\" or \"reset\""),
    (#"{"version": 2, "face-value": {"topic": "a", "value": "1"}}"#, "version 3"),
    (#"{"version": 2, "subscribe": "state"}"#, "a subscription to the state is control protocol version 3"),
    (#"{"version": 3, "display": "on"}"#, "'display' takes true (on) or false (off)"),
    (#"{"version": 3, "display": true, "face": 1}"#, "'display' takes true"),
    (#"{"version": 3, "face": -1}"#, "'face' takes the number of a face"),
    (#"{"version": 3, "face": 8}"#, "'face' takes the number of a face"),
    (#"{"version": 3, "face": 1.5}"#, "'face'"),
    (#"{"version": 3, "face": "HH:mm"}"#, "'face'"),
    (#"{"version": 3, "night": "yes"}"#, "'night' takes true, false or null"),
    (#"{"version": 3, "face-value": {"topic": "a"}}"#, "'face-value' takes {\"topic\""),
    (#"{"version": 3, "face-value": {"topic": "a", "value": true}}"#, "'face-value'"),
    (#"{"version": 3, "face-value": {"topic": "a", "value": "1", "unit": "C"}}"#, "'face-value'"),
    (#"{"version": 3, "face-value": {"topic": "home/+/t", "value": "1"}}"#, "no wildcards"),
    (#"{"version": 3, "face-value": {"topic": "", "value": "1"}}"#, "must not be empty"),
    (#"{"version": 3, "face-value": {"topic": "$SYS/x", "value": "1"}}"#, "must not start with $"),
    (#"{"version": 3, "subscribe": "logs"}"#, "'subscribe' takes \"frames\""),
    (
      #"{"version": 2, "set": {"fade-ms": -1}}"#,
      "'set.fade-ms' must be a whole number of milliseconds from 0 to 60000"
    ),
    (#"{"version": 2, "set": {"fade-ms": 60001}}"#, "'set.fade-ms'"),
    (#"{"version": 2, "set": {"fade-ms": "500"}}"#, "'set.fade-ms'"),
    (
      #"{"version": 2, "set": {"show-seconds": 0}}"#,
      "'set.show-seconds' must be a whole number of seconds from 1 to 3600"
    ),
    (#"{"version": 2, "set": {"show-seconds": 2.5}}"#, "'set.show-seconds'"),
    (#"{"version": 2, "set": {"faces": [{"topic": "a/#"}]}}"#, "'set.faces'"),
    (#"{"version": 2, "set": {"faces": [{"topic": "a", "decimals": 21}]}}"#, "'set.faces'"),
    (#"{"version": 2, "set": {"faces": [{"topic": "a", "stale_seconds": 0}]}}"#, "'set.faces'"),
    (#"{"version": 2, "set": {"faces": [{"topic": "a", "group_digits": "yes"}]}}"#, "'set.faces'"),
    (#"{"version": 2, "set": {"faces": [{"topic": "a", "format": "HH"}]}}"#, "'set.faces'"),
  ])
  func aMalformedVersion3RequestIsRefusedByName(_ line: String, _ expected: String) {
    switch ControlLines.parse(line) {
    case .success(let request): Issue.record("accepted \(request)")
    case .failure(let error): #expect(error.message.contains(expected), "\(error.message)")
    }
  }

  @Test func aValueLongerThan64BytesIsRefused() {
    let value = String(repeating: "1", count: 65)
    let line = #"{"version": 3, "face-value": {"topic": "a", "value": ""# + value + #""}}"#
    if case .success(let request) = ControlLines.parse(line) { Issue.record("accepted \(request)") }
  }
}
