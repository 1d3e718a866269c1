import NixieBoards
import NixieClock
import NixieControl
import NixieWeb
import Testing

/// The alarms on the page: `/api/alarm` and `/api/countdown` become the control protocol's
/// `alarm` and `countdown` requests, handled by the clock's own request handler; a mistake is
/// a 400 naming the field; the page has the section the script fills from the state.
struct AlarmWebTests {
  /// A web app in front of the clock's own request handler on hv5622-6xin14, posting to `inbox`.
  static func app(inbox: ClockInbox) throws -> WebApp {
    let board = try BoardCatalog.load(.builtIn("hv5622-6xin14"))
    let report = ClockStateReport(
      board: board, status: ClockStatus(), editor: nil, frames: nil, timing: { nil })
    let handler = ControlRequestHandler(formatter: board.formatter, inbox: inbox, report: report)
    return WebApp(
      configuration: WebConfiguration(), clock: BacklightWebTests.HandlerLink(handler: handler),
      random: { Array(repeating: 7, count: $0) })
  }

  /// POSTs `body` to `path` with the page's token: the status and the body.
  static func post(_ app: WebApp, _ path: String, _ body: String) throws -> (Int?, String) {
    let page = WebAppTests.text(
      WebAppTests.response(app.respond(to: WebAppTests.request("GET", "/"), from: "a", at: 0)))
    let token = try #require(WebAppTests.token(page))
    let response = WebAppTests.response(
      app.respond(to: WebAppTests.change(token, body, path: path), from: "a", at: 0))
    return (response?.status.code, WebAppTests.text(response))
  }

  @Test func theButtonsAndTheCountdownBecomeTheClocksRequests() throws {
    let inbox = ClockInbox()
    let app = try Self.app(inbox: inbox)
    for (path, body) in [
      ("/api/alarm", #"{"action": "snooze"}"#), ("/api/alarm", #"{"action": "skip-next"}"#),
      ("/api/countdown", #"{"duration": "1h30m"}"#), ("/api/countdown", #"{"duration": "0"}"#),
    ] {
      let (status, answer) = try Self.post(app, path, body)
      #expect(status == 200, "\(path) \(body): \(answer)")
    }
    #expect(
      inbox.take() == [.alarm(.snooze), .alarm(.skipNext), .countdown(seconds: 5400), .countdown(seconds: 0)])
  }

  @Test(arguments: [
    ("/api/alarm", #"{"action": "doze"}"#, "'action' must be one of snooze, stop, skip-next"),
    ("/api/alarm", #"{"action": 1}"#, "'action' must be one of"),
    ("/api/alarm", #"{"verb": "stop"}"#, "unknown field 'verb'; fields: action"),
    ("/api/countdown", #"{"duration": "25h"}"#, "'duration' must be a duration from 1s to 24h"),
    ("/api/countdown", #"{"duration": 540}"#, "'duration' must be a duration"),
    ("/api/countdown", #"{"duration": "9 minutes"}"#, "'duration' must be a duration"),
  ])
  func mistakesAreRefusedNamingTheField(_ path: String, _ body: String, _ expected: String) throws {
    let inbox = ClockInbox()
    let (status, answer) = try Self.post(try Self.app(inbox: inbox), path, body)
    #expect(status == 400)
    #expect(answer.contains(expected), "\(answer)")
    #expect(inbox.take().isEmpty)
  }

  @Test func thePageHasTheAlarmsSectionTheScriptFills() throws {
    let app = try Self.app(inbox: ClockInbox())
    let page = WebAppTests.text(
      WebAppTests.response(app.respond(to: WebAppTests.request("GET", "/"), from: "a", at: 0)))
    for id in [
      "alarm-status", "alarm-snooze", "alarm-stop", "alarm-skip-next", "countdown-start", "countdown-cancel",
    ] {
      #expect(page.contains(#"id="\#(id)""#), "\(id)")
    }
    let script = WebAppTests.text(
      WebAppTests.response(app.respond(to: WebAppTests.request("GET", "/app.js"), from: "a", at: 0)))
    #expect(script.contains(#""/api/alarm""#) && script.contains(#""/api/countdown""#))
    // The note while it rings.
    #expect(script.contains(#"\u266a"#))
  }
}
