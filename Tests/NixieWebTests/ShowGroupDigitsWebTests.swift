import NixieControl
import NixieWeb
import Testing

/// The web page's "show a value" with digits grouped (issue 27): a checkbox, and a
/// `group-digits` field of `POST /api/show` that reaches the clock as the control protocol's.
struct ShowGroupDigitsWebTests {
  typealias Web = WebAppTests

  @Test func groupDigitsReachesTheClockAndAnythingButABooleanIsRefused() throws {
    let clock = Web.FakeClock()
    let app = try Web.app(clock: clock)
    let page = Web.text(Web.response(app.respond(to: Web.request("GET", "/"), from: "127.0.0.1", at: 0)))
    #expect(page.contains(#"<input type="checkbox" id="show-group">"#))
    let token = try #require(Web.token(page))

    for body in [#"{"value": "12", "group-digits": "yes"}"#, #"{"value": "12", "group-digits": 1}"#] {
      let refused = Web.response(
        app.respond(to: Web.change(token, body, path: "/api/show"), from: "127.0.0.1", at: 0))
      #expect(refused?.status.code == 400)
      #expect(Web.text(refused) == #"{"error": "'group-digits' must be true or false"}"#)
    }
    #expect(clock.seen.isEmpty, "a refused request reached the clock")

    for body in [#"{"value": "12345", "group-digits": true}"#, #"{"value": "12345", "group-digits": false}"#]
    {
      let shown = Web.response(
        app.respond(to: Web.change(token, body, path: "/api/show"), from: "127.0.0.1", at: 0))
      #expect(shown?.status == .ok)
    }
    #expect(
      clock.seen == [
        .show(value: "12345", seconds: nil, transition: nil, groupDigits: true),
        .show(value: "12345", seconds: nil, transition: nil, groupDigits: false),
      ])
  }

  @Test func thePageSendsTheCheckbox() throws {
    let app = try Web.app()
    let script = Web.text(
      Web.response(app.respond(to: Web.request("GET", "/app.js"), from: "127.0.0.1", at: 0)))
    #expect(script.contains(#""group-digits": $("show-group").checked"#))
  }
}
