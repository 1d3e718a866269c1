import Foundation
import NixieBoards
import NixieClock
import NixieClockSettings
import NixieControl
import NixieText
import NixieWeb
import Testing

/// The page's backlight control against the clock's own request handler and settings editor:
/// accepted and saved on boards with a backlight, refused with 422 and the clock's message on
/// the others, a malformed value refused with 400 before it reaches the clock.
struct BacklightWebTests {
  /// The clock in this process: its control handler, answering as the socket would.
  struct HandlerLink: ClockLink {
    let handler: ControlRequestHandler

    func request(_ request: ControlRequest) -> Result<JSONValue, ControlClient.Failure> {
      let reply = handler.handle(request)
      if case .refused(let message) = reply { return .failure(.refused(message)) }
      guard let value = try? JSONReader.read(Array(reply.line.utf8)) else {
        return .failure(.refused("unreadable reply \(reply.line)"))
      }
      return .success(value)
    }
  }

  /// A web app in front of a clock on `board`, with its files in a folder of their own.
  static func app(board name: String) throws -> (WebApp, ClockSettingsEditor) {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "nixie-web-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let config = folder.appendingPathComponent("nixie.yaml")
    try "timezone: UTC\nfaces:\n  - HH:mm:ss\n".write(to: config, atomically: true, encoding: .utf8)
    var options = ClockOptions()
    options.config = config.path
    options.overrides = folder.appendingPathComponent("overrides.yaml").path
    let settings = ClockSettings(options: options, environment: { _ in nil })
    let board = try BoardCatalog.load(.builtIn(name))
    let inbox = ClockInbox()
    let editor = ClockSettingsEditor(
      settings: settings, board: board, base: try settings.loadBase(), overrides: ClockOverrides(),
      inbox: inbox)
    let status = ClockStatus()
    status.update(
      ClockStatus.Snapshot(planner: try settings.load().planner(for: board), activity: nil, night: false))
    let handler = ControlRequestHandler(
      formatter: board.formatter, inbox: inbox, editor: editor,
      report: ClockStateReport(board: board, status: status, editor: editor, frames: nil, timing: { nil }))
    let app = WebApp(
      configuration: WebConfiguration(), clock: HandlerLink(handler: handler),
      random: { Array(repeating: 7, count: $0) })
    return (app, editor)
  }

  static func post(_ app: WebApp, _ body: String) throws -> (Int?, String) {
    let page = WebAppTests.text(
      WebAppTests.response(app.respond(to: WebAppTests.request("GET", "/"), from: "a", at: 0)))
    let token = try #require(WebAppTests.token(page))
    let response = WebAppTests.response(app.respond(to: WebAppTests.change(token, body), from: "a", at: 0))
    return (response?.status.code, WebAppTests.text(response))
  }

  @Test(arguments: ["#0a64c8", "cycle", "off", "amber"])
  func aBoardWithABacklightTakesTheSettingAndSavesIt(_ value: String) throws {
    let (app, editor) = try Self.app(board: "ncs314")
    // The page enables its control: the state names the setting in force (none yet: off).
    let state = try Self.state(app)
    #expect(state.contains(#""backlight":"off""#))
    let (status, _) = try Self.post(app, ##"{"backlight": "\##(value)"}"##)
    #expect(status == 200)
    #expect(editor.overrides.backlight == value)
  }

  /// `/api/state` without spaces.
  static func state(_ app: WebApp) throws -> String {
    let response = WebAppTests.response(
      app.respond(to: WebAppTests.request("GET", "/api/state"), from: "a", at: 0))
    return WebAppTests.text(response).filter { $0 != " " }
  }

  @Test(arguments: [
    ("hv5622-6xin14", "hv5622-6xin14 has no backlight"),
    ("ncs314-v3", "ncs314-v3's backlight is not driven: 8 × SK6812 need an 800 kHz waveform"),
  ])
  func aBoardWithoutOneRefusesWithTheClocksMessage(_ board: String, _ message: String) throws {
    let (app, editor) = try Self.app(board: board)
    let (status, body) = try Self.post(app, ##"{"backlight": "#0a64c8"}"##)
    #expect(status == 422)
    #expect(body.contains(message), "\(body)")
    #expect(editor.overrides == ClockOverrides())
    // The page disables its control: the state has no backlight.
    let state = try Self.state(app)
    #expect(state.contains(#""backlight":null"#))
  }

  @Test(arguments: [#"{"backlight": "reddish"}"#, #"{"backlight": 12}"#, #"{"backlight": "cycle 5"}"#])
  func aMalformedValueIsABadRequest(_ body: String) throws {
    let (app, editor) = try Self.app(board: "ncs314")
    let (status, text) = try Self.post(app, body)
    #expect(status == 400)
    #expect(text.contains("'set.backlight' must be a colour"), "\(text)")
    #expect(editor.overrides == ClockOverrides())
  }
}
