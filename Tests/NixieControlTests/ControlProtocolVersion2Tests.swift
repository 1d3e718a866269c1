import NixieControl
import NixieTime
import Testing

/// Version 2 of the control protocol (`nixie web`'s requests): each request parses back from
/// its own line, version 1's lines stay valid, and every malformed request is refused with a
/// message naming what is wrong.
struct ControlProtocolVersion2Tests {
  static let night = NightMode(
    from: TimeOfDay(secondOfDay: 22 * 3600 + 1800), until: TimeOfDay(secondOfDay: 6 * 3600), mode: .dim,
    brightness: 0.15)

  /// Every kind of version 2 request. Properties, not literals in `@Test(arguments:)`: closures
  /// there crash Swift 6.0.3's compiler.
  static let version2Requests: [ControlRequest] = [
    ControlRequest.state, .subscribe, .antiPoisoning(seconds: nil), .antiPoisoning(seconds: 60),
    .change(ControlLines.change { $0.brightness = .set(40) }),
    .change(
      ControlLines.change {
        $0.timeZone = .set("America/New_York"); $0.brightness = .reset
      }),
    .change(
      ControlLines.change {
        $0.faces = .set([.init(format: "HH:mm", seconds: 50), .init(format: "dd.MM.yy", seconds: 10)])
      }),
    .change(ControlLines.change { $0.night = .set(.hours(night)) }),
    .change(
      ControlLines.change {
        $0.night = .set(.off); $0.faces = .reset; $0.timeZone = .reset
      }),
    .change(ControlLines.change { $0.backlight = .set("#ff8800") }),
  ]

  @Test(arguments: version2Requests)
  func aVersion2RequestParsesBackFromItsLine(_ request: ControlRequest) throws {
    #expect(try ControlLines.parse(request.line).get() == request)
    #expect(request.line.contains(#""version": 2"#))
  }

  /// Lines in version 1 or in short forms, with the request each must read as.
  static let olderLines: [(String, ControlRequest)] = [
    (#"{"version": 1, "clear": true}"#, ControlRequest.clear),
    (#"{"clear": true}"#, .clear),
    (#"{"version": 2, "show": "12", "seconds": 1}"#, .show(value: "12", seconds: 1, transition: nil)),
    (#"{"version": 2, "subscribe": true}"#, .subscribe),
    (
      #"{"version": 2, "set": {"faces": ["HH:mm"]}}"#,
      .change(ControlLines.change { $0.faces = .set([.init(format: "HH:mm", seconds: 50)]) })
    ),
    (
      ##"{"version": 2, "set": {"backlight": "#ABCDEF"}}"##,
      .change(ControlLines.change { $0.backlight = .set("#abcdef") })
    ),
    (#"{"version": 2, "set": {"night": false}}"#, .change(ControlLines.change { $0.night = .set(.off) })),
  ]

  @Test(arguments: olderLines)
  func versionOneStaysValidAndShortFormsAreRead(_ line: String, _ expected: ControlRequest) throws {
    #expect(try ControlLines.parse(line).get() == expected)
  }

  @Test(arguments: [
    (#"{"state": true}"#, "version 2: send it with \"version\": 2"),
    (#"{"version": 1, "subscribe": "frames"}"#, "version 2"),
    (#"{"version": 4, "state": true}"#, "'version' must be 1, 2 or 3"),
    (#"{"version": "2", "state": true}"#, "'version' must be 1, 2 or 3"),
    (#"{"version": 2.5, "state": true}"#, "'version' must be 1, 2 or 3"),
    (#"{"version": 2, "state": false}"#, "'state' takes true"),
    (#"{"version": 2, "state": true, "clear": true}"#, "'state' takes true and nothing else"),
    (#"{"version": 2, "subscribe": "logs"}"#, "'subscribe' takes \"frames\""),
    (#"{"version": 2, "anti-poisoning": 0}"#, "from 1 to 60"),
    (#"{"version": 2, "anti-poisoning": 61}"#, "from 1 to 60"),
    (#"{"version": 2, "anti-poisoning": 2.5}"#, "whole number of seconds"),
    (#"{"version": 2, "set": 40}"#, "'set' must be an object"),
    (#"{"version": 2, "set": {}}"#, "'set' names no setting"),
    (##"{"version": 2, "set": {"colour": "#fff"}}"##, "unknown setting 'colour'"),
    (
      #"{"version": 2, "set": {"brightness": 0}}"#,
      "'set.brightness' must be a whole number of percent from 1 to 100"
    ),
    (#"{"version": 2, "set": {"brightness": 101}}"#, "'set.brightness'"),
    (#"{"version": 2, "set": {"brightness": 40.5}}"#, "'set.brightness'"),
    (#"{"version": 2, "set": {"brightness": "40"}}"#, "'set.brightness'"),
    (#"{"version": 2, "set": {"brightness": true}}"#, "'set.brightness'"),
    (#"{"version": 2, "set": {"timezone": ""}}"#, "'set.timezone' must be an IANA zone name"),
    (#"{"version": 2, "set": {"timezone": 5}}"#, "'set.timezone'"),
    (#"{"version": 2, "set": {"timezone": "Europe/\u001b[2J"}}"#, "'set.timezone'"),
    (#"{"version": 2, "set": {"faces": []}}"#, "'set.faces' must be a list of 1 to 8 faces"),
    (#"{"version": 2, "set": {"faces": ["a","b","c","d","e","f","g","h","i"]}}"#, "'set.faces'"),
    (#"{"version": 2, "set": {"faces": [{"format": "HH:mm", "seconds": 0}]}}"#, "'set.faces'"),
    (#"{"version": 2, "set": {"faces": [{"format": "HH:mm", "color": 1}]}}"#, "'set.faces'"),
    (#"{"version": 2, "set": {"faces": [{"seconds": 5}]}}"#, "'set.faces'"),
    (#"{"version": 2, "set": {"faces": [""]}}"#, "'set.faces'"),
    (#"{"version": 2, "set": {"night": "on"}}"#, "'set.night' must be \"off\""),
    (#"{"version": 2, "set": {"night": {"from": "22:00"}}}"#, "'set.night'"),
    (#"{"version": 2, "set": {"night": {"from": "25:00", "until": "06:00"}}}"#, "must be local times HH:MM"),
    (#"{"version": 2, "set": {"night": {"from": "06:00", "until": "06:00"}}}"#, "must differ"),
    (
      #"{"version": 2, "set": {"night": {"from": "22:00", "until": "06:00", "mode": "bright"}}}"#,
      "'set.night'"
    ),
    (
      #"{"version": 2, "set": {"night": {"from": "22:00", "until": "06:00", "mode": "dark", "brightness": 5}}}"#,
      "'set.night'"
    ),
    (#"{"version": 2, "set": {"night": {"from": "22:00", "until": "06:00", "wake": 1}}}"#, "'set.night'"),
    (#"{"version": 2, "set": {"backlight": "reddish"}}"#, "'set.backlight' must be a colour"),
    (##"{"version": 2, "set": {"backlight": "#12345g"}}"##, "'set.backlight'"),
    (#"{"version": 2, "sett": {}}"#, "unknown key 'sett'"),
  ])
  func aMalformedVersion2RequestIsRefusedByName(_ line: String, _ expected: String) {
    switch ControlLines.parse(line) {
    case .success(let request): Issue.record("accepted \(request)")
    case .failure(let error): #expect(error.message.contains(expected), "\(error.message)")
    }
  }
}
